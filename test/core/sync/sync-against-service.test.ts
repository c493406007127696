// The catalog core against the reference service over real HTTP: full and incremental syncs, changes
// during a sync, injected faults, token expiry, a revoked key, and lookups while a sync runs.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardCatalogFile } from "../../../src/core/catalog/catalog-file-guard.ts";
import { catalogFileFor, openCatalogStore } from "../../../src/core/catalog/catalog-store.ts";
import { syncCatalogFile } from "../../../src/core/sync/catalog-file-sync.ts";
import { sessionProductsSource } from "../../../src/core/sync/session-source.ts";
import { runSync } from "../../../src/core/sync/sync-engine.ts";
import { createRandom } from "../../../src/server/faults/seeded-random.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { AppError } from "../../../src/shared/app-error.ts";
import type { SyncProgress } from "../../../src/shared/catalog/sync-progress.ts";
import { failure } from "../../support/expect-failure.ts";
import {
  adminApi,
  localProducts,
  openTestCore,
  signInDemo,
  tempDir,
} from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serviceWith(options: Parameters<typeof startService>[0]): Promise<RunningService> {
  const service = await startService({ port: 0, ...options });
  cleanups.push(() => service.close());
  return service;
}

async function signedInCore(
  service: RunningService,
  options: { clock?: () => number; remember?: boolean } = {},
) {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const opened = openTestCore(dir.path, options.clock);
  cleanups.push(() => opened.core.close());
  await signInDemo(opened.session, service, options.remember);
  return { ...opened, dataDir: dir.path };
}

/** A progress listener that does something once, at the first report of at least that many pages. */
function afterPages(pages: number, act: () => void): (progress: SyncProgress) => void {
  let done = false;
  return (progress) => {
    if (done || progress.pages < pages) return;
    done = true;
    act();
  };
}

describe("syncing the reference service's catalog", () => {
  let service: RunningService;
  let admin: Awaited<ReturnType<typeof adminApi>>;

  beforeAll(async () => {
    service = await serviceWith({ demoProducts: 1200, seed: 7 });
    admin = await adminApi(service);
  });

  it("a full sync holds exactly the service's live catalog and agrees with its count", async () => {
    const { core, dataDir } = await signedInCore(service);
    const summary = await core.sync({ pageSize: 100 });
    const server = await admin.liveProducts();
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(server);
    expect(summary).toMatchObject({
      mode: "full",
      resumed: false,
      mismatch: false,
      serverTotal: server.size,
    });
    expect(await core.status()).toMatchObject({
      products: server.size,
      syncUnfinished: false,
      mismatch: false,
    });
  });

  it("an incremental sync brings the service's creates, updates and deletes", async () => {
    const { core, dataDir } = await signedInCore(service);
    await core.sync({ pageSize: 100 });
    const [kept, renamed, recoded, gone] = [...(await admin.liveProducts()).keys()].slice(10, 14) as string[];
    const created = await admin.createProduct({ name: "Pão de queijo fresco", barcode: "4006381333931" });
    await admin.updateProduct(renamed as string, { name: "Crème fraîche renamed" });
    const before = (await core.lookup("4006381333931")).match;
    const recodedBefore = await admin.updateProduct(recoded as string, { barcode: "5901234123457" });
    await admin.deleteProduct(gone as string);

    const summary = await core.sync({ pageSize: 100 });
    expect(summary.mode).toBe("incremental");
    expect(summary.received).toBeLessThan(20);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(await admin.liveProducts());
    expect(before).toBeNull();
    expect((await core.lookup("4006381333931")).match?.product.id).toBe(created.id);
    expect((await core.lookup("5901234123457")).match?.product.id).toBe(recodedBefore.id);
    expect((await core.search("renamed", 5)).map((product) => product.id)).toContain(renamed);
    expect(localProducts(dataDir, service.demo.accountId).has(gone as string)).toBe(false);
    expect(localProducts(dataDir, service.demo.accountId).has(kept as string)).toBe(true);
  });

  it("converges when the catalog changes between the pages of a sync", async () => {
    const { session, dataDir } = await signedInCore(service);
    const store = await openCatalogStore(catalogFileFor(dataDir, service.demo.accountId));
    cleanups.push(() => store.close());
    const random = createRandom(42);
    const ids = [...(await admin.liveProducts()).keys()];
    const inner = sessionProductsSource(session);
    // Before every page: updates move products to the end of the order (shifting every later one a
    // place to the left across page boundaries), deletes remove them, creates add new ones.
    const changing = {
      ...inner,
      async fetchPage(...args: Parameters<typeof inner.fetchPage>) {
        const id = random.pick(ids);
        await admin.updateProduct(random.pick(ids), { summary: `changed ${random.int(0, 1e9)}` });
        if (random.chance(0.3)) await admin.deleteProduct(id).catch(() => undefined);
        if (random.chance(0.3)) await admin.createProduct({ name: `Neu ${random.int(0, 1e9)}` });
        return inner.fetchPage(...args);
      },
    };
    await runSync({ source: changing, store, clock: Date.now, pageSize: 50 });
    const afterFirst = localProducts(dataDir, service.demo.accountId);
    // Changes made while the deleted stream was walked are caught by the next sync.
    await runSync({ source: inner, store, clock: Date.now, pageSize: 50 });
    const server = await admin.liveProducts();
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(server);
    const missedAfterFirst = [...server.keys()].filter((id) => afterFirst.get(id) !== server.get(id));
    expect(missedAfterFirst.length).toBeLessThan(40);
  });

  it("sets aside a record that breaks the contract, counts it, and syncs the rest", async () => {
    const { session, core, dataDir } = await signedInCore(service);
    const store = await openCatalogStore(catalogFileFor(dataDir, service.demo.accountId));
    cleanups.push(() => store.close());
    const inner = sessionProductsSource(session);
    let broken: string | null = null;
    const corrupting = {
      ...inner,
      async fetchPage(...args: Parameters<typeof inner.fetchPage>) {
        const page = await inner.fetchPage(...args);
        const victim = broken === null ? page.received.shift() : undefined;
        if (victim !== undefined) {
          broken = victim.product.id;
          page.rejected.push({
            id: victim.product.id,
            reason: "name: expected string",
            raw: { ...victim.raw, name: 42 },
          });
        }
        return page;
      },
    };
    const summary = await runSync({ source: corrupting, store, clock: Date.now, pageSize: 100 });
    const server = await admin.liveProducts();
    expect(summary).toMatchObject({ rejected: 1, mismatch: true, products: server.size - 1 });
    expect(await core.status()).toMatchObject({ quarantined: 1, mismatch: true });
    // A full sync that receives the record intact repairs the catalog and empties the quarantine.
    await runSync({ source: inner, store, clock: Date.now, pageSize: 100, full: true });
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(server);
    expect(await core.status()).toMatchObject({ quarantined: 0, mismatch: false });
  });

  it("stops when cancelled, keeps what it committed, and resumes from there", async () => {
    const { core, dataDir } = await signedInCore(service);
    const controller = new AbortController();
    const error = await failure(
      core.sync({
        pageSize: 100,
        signal: controller.signal,
        onProgress: afterPages(3, () => controller.abort()),
      }),
    );
    expect(error.kind).toBe("cancelled");
    const kept = localProducts(dataDir, service.demo.accountId).size;
    expect(kept).toBeGreaterThan(250); // three pages, less the boundary products read twice
    expect(await core.status()).toMatchObject({ syncUnfinished: true, products: kept });
    const resumed = await core.sync({ pageSize: 100 });
    expect(resumed).toMatchObject({ resumed: true, mismatch: false });
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(await admin.liveProducts());
  });

  it("answers lookups from the last committed state while a sync runs", async () => {
    const { core } = await signedInCore(service);
    await core.sync({ pageSize: 200 });
    const code = (await core.search("a", 50)).map((p) => p.barcode).find((barcode) => barcode) as string;
    service.setFaults({ rate: 1, seed: 1, kinds: ["slow"], slowMs: 300 });
    try {
      const events: string[] = [];
      const syncing = core.sync({ full: true, pageSize: 200 }).then(() => events.push("sync finished"));
      const answer = await core.lookup(code);
      events.push("lookup answered");
      await syncing;
      expect(answer.match?.product.barcode).toBe(code);
      expect(events).toEqual(["lookup answered", "sync finished"]);
    } finally {
      service.setFaults(null);
    }
  });
});

describe("syncing through trouble", () => {
  it("still converges with 10% of product pages failing, nothing lost or duplicated", async () => {
    const service = await serviceWith({
      demoProducts: 1000,
      seed: 9,
      faults: { rate: 0.1, seed: 5, slowMs: 50, retryAfterSeconds: 1 },
    });
    const { core, dataDir } = await signedInCore(service);
    const summary = await core.sync({ pageSize: 50 });
    service.setFaults(null);
    const server = await (await adminApi(service)).liveProducts();
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(server);
    expect(summary).toMatchObject({ mismatch: false, rejected: 0, products: server.size });
  });

  it("renews a token that expires in the middle of a sync when the credentials are remembered", async () => {
    let now = Date.parse("2026-11-22T08:00:00.000Z");
    const clock = () => now;
    const service = await serviceWith({ demoProducts: 600, seed: 3, clock, tokenTtlSeconds: 600 });
    const { core, session, dataDir } = await signedInCore(service, { clock, remember: true });
    const firstExpiry = (await session.info())?.expiresAt;
    await core.sync({ pageSize: 50, onProgress: afterPages(3, () => (now += 700_000)) });
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
    expect(Date.parse((await session.info())?.expiresAt ?? "")).toBeGreaterThan(
      Date.parse(firstExpiry ?? ""),
    );
  });

  it("stops with 'sign in again' when the token expires mid-sync without stored credentials, then resumes", async () => {
    let now = Date.parse("2026-11-22T08:00:00.000Z");
    const clock = () => now;
    const service = await serviceWith({ demoProducts: 600, seed: 4, clock, tokenTtlSeconds: 600 });
    const { core, session, dataDir } = await signedInCore(service, { clock });
    const error = await failure(
      core.sync({ pageSize: 50, onProgress: afterPages(3, () => (now += 700_000)) }),
    );
    expect(error.kind).toBe("sign-in-required");
    expect(error.message).toMatch(/sign in again/i);

    const synced = localProducts(dataDir, service.demo.accountId);
    const someCode = (await core.search("e", 20)).find((product) => product.barcode)?.barcode as string;
    expect(synced.size).toBeGreaterThan(0);
    expect((await core.lookup(someCode)).match).not.toBeNull();
    expect(await core.status()).toMatchObject({ syncUnfinished: true, products: synced.size });

    await signInDemo(session, service);
    const resumed = await core.sync({ pageSize: 50 });
    expect(resumed).toMatchObject({ mode: "full", resumed: true });
    expect(resumed.received).toBeLessThan(600);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
  });

  it("reports a revoked API key plainly and keeps the local catalog usable", async () => {
    const service = await serviceWith({ demoProducts: 300, seed: 5 });
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const { core, session } = openTestCore(dir.path);
    cleanups.push(() => core.close());
    const info = await session.signInApiKey({
      baseUrl: service.baseUrl,
      accountId: service.demo.accountId,
      apiKey: service.demo.apiKey,
      remember: true,
    });
    await core.sync();
    const code = (await core.search("e", 20)).find((product) => product.barcode)?.barcode as string;
    await (await adminApi(service)).revokeApiKey(info.subUser.id);

    const error = await failure(core.sync());
    expect(error.message).toMatch(/revoked/i);
    expect(error.message).not.toContain(service.demo.apiKey);
    expect((await core.lookup(code)).match?.product.barcode).toBe(code);
    expect((await core.status()).products).toBeGreaterThan(0);
  });
});

/** The catalog file's pages, and how many of them are free (as its last commit left it). */
function pagesOf(file: string): { pages: number; free: number } {
  const db = new Database(file, { readonly: true });
  try {
    const read = (pragma: string) => db.pragma(pragma, { simple: true }) as number;
    return { pages: read("page_count"), free: read("freelist_count") };
  } finally {
    db.close();
  }
}

describe("the catalog file after a sync", () => {
  it("keeps no free pages: what the sync's merges and removals freed goes back to the disk", async () => {
    const service = await serviceWith({ demoProducts: 600, seed: 12 });
    const admin = await adminApi(service);
    const { core, dataDir } = await signedInCore(service);
    await core.sync({ pageSize: 100 });
    const file = catalogFileFor(dataDir, service.demo.accountId);
    const synced = pagesOf(file);
    expect(synced.free).toBe(0);

    const removed = [...(await admin.liveProducts()).keys()].slice(0, 200);
    for (const id of removed) await admin.deleteProduct(id);
    expect((await core.sync({ pageSize: 100 })).mode).toBe("incremental");
    const after = pagesOf(file);
    expect(after.free).toBe(0);
    // A third of the products gone (each leaves a small tombstone): the file is smaller, not the
    // same size with holes in it.
    expect(after.pages).toBeLessThan(synced.pages);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(await admin.liveProducts());
  });

  it("ends as done when the disk is too full to give the free pages back: the sync is stored by then", async () => {
    const service = await serviceWith({ demoProducts: 300, seed: 21 });
    const { session, dataDir } = await signedInCore(service);
    const file = catalogFileFor(dataDir, service.demo.accountId);
    const guard = guardCatalogFile(file, Date.now);
    cleanups.push(() => guard.close());
    const tried: string[] = [];
    // The real catalog, but the disk is full by the time the pages would move (through the log).
    const fullAtTheEnd: typeof guard = {
      ...guard,
      write: (work) =>
        guard.write((store) =>
          work({
            ...store,
            giveBackFreePages: async () => {
              tried.push(file);
              throw new AppError("disk-full", "The disk is full.");
            },
          }),
        ),
    };
    const source = sessionProductsSource(session);
    const summary = await syncCatalogFile({
      file,
      catalog: fullAtTheEnd,
      source,
      clock: Date.now,
      full: true,
    });
    expect(tried).toEqual([file]);
    expect(summary).toMatchObject({ mode: "full", mismatch: false });
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
  });
});
