// The service on PostgreSQL answers exactly as on SQLite: the same demo (one seed, one clock) started on
// both, every read route asked the same questions, the answers compared as text, byte for byte, once
// the parts that name the service itself (its address, each request's fresh id) are set aside.
import { afterAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { freshPostgresDatabase } from "../support/postgres-database.ts";

const now = Date.parse("2026-03-02T10:00:00.000Z");
const options = { port: 0, demoProducts: 600, accounts: 2, demoSeed: 11, clock: () => now };
const sqlite = await startService({ ...options, database: ":memory:" });
const postgres = await startService({ ...options, database: await freshPostgresDatabase() });
afterAll(() => Promise.all([sqlite.close(), postgres.close()]));

async function login(service: RunningService): Promise<string> {
  const { organisation, username, password } = service.demo;
  const response = await fetch(`${service.baseUrl}/api/v1/users/auth/organisation/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ organisation, username, password }),
  });
  return ((await response.json()) as { token: string }).token;
}

const tokens = new Map([
  [sqlite, await login(sqlite)],
  [postgres, await login(postgres)],
]);

/** The answer as text, with the service's own address and the request's id replaced by placeholders. */
async function answer(service: RunningService, method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens.get(service)}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = (await response.text())
    .replaceAll(new URL(service.baseUrl).host, "SERVICE")
    .replace(/"request":\{"host":"SERVICE","id":"[0-9a-f-]{36}"/, '"request":{"host":"SERVICE","id":"ID"');
  return { status: response.status, type: response.headers.get("content-type"), text };
}

const account = sqlite.demo.accountId;
const users = `/api/v0/configurations/${account}/${sqlite.demo.configurationId}/users`;
const products = `/api/v1/products/${account}`;
const reads = [
  products,
  `${products}/`,
  `${products}?size=37&page=3`,
  `${products}?size=50&page=2&cursor_field=created_at`,
  `${products}?deleted=true`,
  `${products}?active=false&size=5000`,
  `${products}?type=variant_product&size=20`,
  `${products}?types=voucher,linked_product&size=20`,
  `${products}?first=2025-12-01T00:00:00.000Z&size=100&page=1`,
  `${products}?size=1000&page=1`,
  `${products}/meta`,
  `${products}/meta?deleted=true`,
  `${products}/meta?active=true&type=product`,
  `${products}/${crypto.randomUUID()}`,
  `${products}?size=0`,
  `/api/v0/branches/${account}`,
  `/api/v0/taxes/${account}`,
  `/api/v0/product_groups/${account}?size=5&page=1`,
  `/api/v0/favourites/${account}`,
  users,
  `/api/v1/products/${postgres.accounts[1]?.accountId}`,
];

describe("the service on PostgreSQL", () => {
  it("was given the same demo accounts as on SQLite", () => {
    const withoutUrl = (service: RunningService) => service.accounts.map(({ baseUrl: _, ...rest }) => rest);
    expect(withoutUrl(postgres)).toEqual(withoutUrl(sqlite));
  });

  it("lets both tokens read (so the comparisons below compare pages, not refusals)", async () => {
    for (const service of [sqlite, postgres]) {
      const page = await answer(service, "GET", `${products}/meta`);
      expect(page.status).toBe(200);
      expect(JSON.parse(page.text).results).toEqual([{ count: expect.any(Number) }]);
    }
  });

  it.each(reads)("answers GET %s as SQLite does", async (path) => {
    const [onSqlite, onPostgres] = await Promise.all([
      answer(sqlite, "GET", path),
      answer(postgres, "GET", path),
    ]);
    expect(onPostgres).toEqual(onSqlite);
  });

  it("walks every page of the catalog as SQLite does, by barcode too", async () => {
    const first = await answer(sqlite, "GET", `${products}?size=1000`);
    const records = (JSON.parse(first.text) as { results: { id: string; barcode: string | null }[] }).results;
    const barcodes = records
      .flatMap((record) => (record.barcode === null ? [] : [record.barcode]))
      .slice(0, 25);
    for (const path of [
      ...records.slice(0, 25).map((record) => `${products}/${record.id}`),
      ...barcodes.map((barcode) => `${products}?barcode=${barcode}`),
    ]) {
      expect(await answer(postgres, "GET", path), path).toEqual(await answer(sqlite, "GET", path));
    }
  });

  it("answers the same writes the same, and lists them the same after", async () => {
    const listed = JSON.parse((await answer(sqlite, "GET", `${products}?size=3`)).text) as {
      results: { id: string }[];
    };
    const [first, second] = listed.results as [{ id: string }, { id: string }];
    const writes: [string, string, unknown][] = [
      ["PUT", `${products}/${first.id}`, { name: "Umbenannt", barcode: "4006381333931" }],
      ["PUT", `${products}/${second.id}`, { barcode: "4006381333931" }],
      ["DELETE", `${products}/${second.id}`, undefined],
      ["PUT", `${products}/${crypto.randomUUID()}`, { name: "nobody" }],
      ["POST", products, { name: "missing tax and type" }],
    ];
    for (const [method, path, body] of writes) {
      const [onSqlite, onPostgres] = [
        await answer(sqlite, method, path, body),
        await answer(postgres, method, path, body),
      ];
      expect(onPostgres, `${method} ${path}`).toEqual(onSqlite);
    }
    for (const path of [products, `${products}?deleted=true`, `${products}/meta`]) {
      expect(await answer(postgres, "GET", path)).toEqual(await answer(sqlite, "GET", path));
    }
  });
});
