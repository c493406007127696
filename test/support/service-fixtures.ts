// Test support for the catalog core: the reference service driven over HTTP as an administrator, an
// independent reading of what the service holds, a direct reading of the local SQLite file, and a
// till signed in with its catalog open, ready to sync.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { type WiredCatalog, wireCatalog } from "../../src/core/app/catalog-wiring.ts";
import { catalogFileFor, openCatalogStore } from "../../src/core/catalog/catalog-store.ts";
import { recordDecoder, type StoredRecord } from "../../src/core/catalog/stored-records.ts";
import { dataDirStores } from "../../src/core/storage/data-dir-stores.ts";
import { sessionProductsSource } from "../../src/core/sync/session-source.ts";
import type { RunningService } from "../../src/server/service.ts";
import type { Product } from "../../src/shared/api/product.ts";

export async function tempDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), "catalog-test-"));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** The demo administrator, over plain fetch: the test's own hands on the service, not the subject. */
export async function adminApi(service: {
  baseUrl: string;
  demo: Pick<
    RunningService["demo"],
    "organisation" | "username" | "password" | "accountId" | "configurationId"
  >;
}) {
  const { baseUrl, demo } = service;
  let token: string | undefined;
  const login = await call("POST", "/api/v1/users/auth/organisation/login", {
    organisation: demo.organisation,
    username: demo.username,
    password: demo.password,
  });
  token = login.token as string;
  const account = demo.accountId;
  const products = `/api/v1/products/${account}`;
  const users = `/api/v0/configurations/${account}/${demo.configurationId}/users`;

  async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}: ${JSON.stringify(json)}`);
    return json;
  }
  const first = (body: Record<string, unknown>) =>
    (body.results as Record<string, unknown>[])[0] as Record<string, unknown>;

  return {
    createProduct: async (fields: Record<string, unknown>) =>
      first(
        await call("POST", products, {
          tax: "00000000-0000-4000-8000-000000000000",
          type: "product",
          ...fields,
        }),
      ),
    updateProduct: async (id: string, fields: Record<string, unknown>) =>
      first(await call("PUT", `${products}/${id}`, fields)),
    deleteProduct: async (id: string) => first(await call("DELETE", `${products}/${id}`)),
    /** Live products as the service lists them, walked with the largest page. */
    async liveRecords(): Promise<Product[]> {
      const found: Product[] = [];
      for (let page = 0; ; page++) {
        const body = await call("GET", `${products}?deleted=false&size=5000&page=${page}`);
        const results = body.results as Product[];
        found.push(...results);
        if (results.length < 5000) return found;
      }
    },
    /** Live products as the service lists them: id -> updated_at. */
    async liveProducts(): Promise<Map<string, string>> {
      return new Map((await this.liveRecords()).map((product) => [product.id, product.updated_at.iso]));
    },
    async listUsers(): Promise<Record<string, unknown>[]> {
      return (await call("GET", users)).results as Record<string, unknown>[];
    },
    revokeApiKey: (userId: string) => call("DELETE", `${users}/${userId}/api/key`),
  };
}

/** Live products in the local catalog file, id -> updated_at, read straight from SQLite. */
export function localProducts(dataDir: string, accountId: string): Map<string, string> {
  const db = new Database(catalogFileFor(dataDir, accountId), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT id, shape, record FROM products WHERE deleted = 0").all() as ({
      id: string;
    } & StoredRecord)[];
    const { product } = recordDecoder(db);
    return new Map(rows.map((row) => [row.id, product(row).updated_at.iso]));
  } finally {
    db.close();
  }
}

/** How many live products the local catalog holds; 0 while a child process has not created it yet. */
export function localCount(dataDir: string, accountId: string): number {
  // Counted by SQLite, not read: tests poll this every few milliseconds while a sync runs.
  try {
    const db = new Database(catalogFileFor(dataDir, accountId), { readonly: true, fileMustExist: true });
    try {
      return db.prepare("SELECT COUNT(*) FROM products WHERE deleted = 0").pluck().get() as number;
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

export function integrityCheck(dataDir: string, accountId: string): string {
  const db = new Database(catalogFileFor(dataDir, accountId), { readonly: true, fileMustExist: true });
  try {
    return db.pragma("integrity_check", { simple: true }) as string;
  } finally {
    db.close();
  }
}

/** The catalog core as the CLI wires it, with short retry waits so fault tests stay quick. */
export function openTestCore(dataDir: string, clock: () => number = Date.now): WiredCatalog {
  return wireCatalog({
    dataDir,
    ...dataDirStores(dataDir),
    clock,
    client: () => ({ retry: { attempts: 6, baseDelayMs: 5, maxDelayMs: 40 } }),
  });
}

/** Signs a session in to the service's demo account by organisation. */
export function signInDemo(session: WiredCatalog["session"], service: RunningService, remember = false) {
  const { organisation, username, password } = service.demo;
  return session.signInOrganisation({ baseUrl: service.baseUrl, organisation, username, password, remember });
}

/**
 * A till of its own (a new data directory, the core, signed in to the service's demo account) with its
 * catalog file open, for driving `runSync` directly. What it opens goes to `cleanups`, which the test
 * file runs in reverse order at its end.
 */
export async function syncingTill(service: RunningService, cleanups: (() => Promise<void>)[]) {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const opened = openTestCore(dir.path);
  cleanups.push(() => opened.core.close());
  await signInDemo(opened.session, service);
  const store = await openCatalogStore(catalogFileFor(dir.path, service.demo.accountId));
  cleanups.push(() => store.close());
  return { source: sessionProductsSource(opened.session), store, dataDir: dir.path };
}
