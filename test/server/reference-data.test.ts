// Taxes and product groups: GET /api/v0/taxes and /api/v0/product_groups, listed and paged by the generic
// scheme over real HTTP, one record by id, 404 for an id the account lacks, each record valid under the
// upstream's own schema. Scopes and tenancy for every route: scopes.test.ts and tenancy.test.ts.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { demoProductGroups } from "../../src/server/demo/demo-product-groups.ts";
import { demoTaxes } from "../../src/server/demo/demo-taxes.ts";
import { oracle, productGroupRecordSchema, taxRecordSchema } from "../support/upstream-schemas.ts";
import { expectError } from "./error-envelope.ts";
import { call, keyToken, paths, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 60 });
const token = await keyToken(service);
const own = paths(service);

interface Page {
  count: number;
  results: Record<string, unknown>[];
  cursor: { first: string; self: string; next?: string };
  request: { cursor: { page: number; next?: { id: string; page: number } } };
}

/** Every page of a list from page 0 on, following `cursor.next` as a client does. */
async function walk(first: string): Promise<Page[]> {
  const pages: Page[] = [];
  let next: string | undefined = first;
  while (next !== undefined) {
    const reply = await call(service, "GET", next, { token });
    expect(reply.status, reply.text).toBe(200);
    const page = reply.json as Page;
    pages.push(page);
    next = page.cursor.next;
    expect(pages.length).toBeLessThan(20);
  }
  return pages;
}

const resources = [
  {
    name: "taxes",
    list: own.taxes,
    one: own.tax,
    ids: demoTaxes.map((tax) => tax.id),
    schema: oracle(taxRecordSchema()),
  },
  {
    name: "product groups",
    list: own.productGroups,
    one: own.productGroup,
    ids: demoProductGroups.map((group) => group.id),
    schema: oracle(productGroupRecordSchema()),
  },
];

describe.each(resources)("the $name", (resource) => {
  it("are listed whole, each valid under the upstream's schema, by either form of the account id", async () => {
    const reply = await call(service, "GET", resource.list, { token });
    expect(reply.status, reply.text).toBe(200);
    const page = reply.json as Page;
    expect(page.count).toBe(resource.ids.length);
    expect(page.results.map((record) => record.id).sort()).toEqual([...resource.ids].sort());
    expect(page.results.flatMap((record) => resource.schema.problems(record))).toEqual([]);
    expect(page.cursor.next).toBeUndefined();
    const byUuid = resource.list.replace(service.demo.legacyId, service.demo.accountId);
    expect((await call(service, "GET", `${byUuid}/`, { token })).json).toMatchObject({
      results: page.results,
    });
  });

  it("are paged by size, page and the next cursor, each record once", async () => {
    const pages = await walk(`${resource.list}?size=2`);
    // Full pages point on; the page that ends the walk is the first one short of full (maybe empty).
    const full = Math.floor(resource.ids.length / 2);
    expect(pages.map((page) => page.count)).toEqual([...Array(full).fill(2), resource.ids.length % 2]);
    const ids = pages.flatMap((page) => page.results.map((record) => record.id));
    expect(ids.sort()).toEqual([...resource.ids].sort());
    expect(pages[1]?.request.cursor.page).toBe(1);
    expect(pages[0]?.request.cursor.next?.id).toBe(pages[0]?.results[1]?.id);
    // The same pages by `limit` and by page number.
    const second = await call(service, "GET", `${resource.list}?limit=2&page=1`, { token });
    expect((second.json as Page).results).toEqual(pages[1]?.results);
  });

  it("answers one record by id, and 404 or 400 for an id that is not one", async () => {
    const id = resource.ids[1] as string;
    const reply = await call(service, "GET", resource.one(id), { token });
    expect(reply.status, reply.text).toBe(200);
    const body = reply.json as { results: Record<string, unknown>[]; count?: number };
    expect(body.results).toHaveLength(1);
    expect(body.results[0]?.id).toBe(id);
    expect(body.count).toBeUndefined();
    expect(expectError(await call(service, "GET", resource.one(randomUUID()), { token }), 404).msg).toMatch(
      /^No .+ with this id\.$/,
    );
    expectError(await call(service, "GET", resource.one("not-a-uuid"), { token }), 400);
  });

  it("refuses a bad page, an unknown cursor field and a call without a token", async () => {
    for (const query of [
      "?size=0",
      "?page=-1",
      "?cursor_field=name",
      "?first=yesterday",
      "?size=2&limit=3",
    ]) {
      expectError(await call(service, "GET", `${resource.list}${query}`, { token }), 400);
    }
    expectError(await call(service, "GET", resource.list), 401);
  });
});

describe("taxes and groups as the demo's products use them", () => {
  it("write a tax's rate both ways, as a fraction and as a percentage", async () => {
    const taxes = ((await call(service, "GET", own.taxes, { token })).json as Page).results;
    expect(taxes.map((tax) => [tax.rate, tax.percentage]).sort()).toEqual([
      [0, 0],
      [0.07, 7],
      [0.19, 19],
    ]);
  });

  it("give every group a name, a colour and one of the taxes", async () => {
    const taxIds = new Set(demoTaxes.map((tax) => tax.id));
    const groups = ((await call(service, "GET", own.productGroups, { token })).json as Page).results;
    expect(groups.length).toBeGreaterThanOrEqual(8);
    expect(groups.length).toBeLessThanOrEqual(12);
    for (const group of groups) {
      expect(group.name).toMatch(/\S/);
      expect(group.color).toMatch(/^#[0-9A-F]{6}$/);
      expect(taxIds.has(group.tax as string)).toBe(true);
    }
  });

  it("name a served tax and group in every product the service lists", async () => {
    const products = ((await call(service, "GET", `${own.products}?size=5000`, { token })).json as Page)
      .results;
    expect(products.length).toBeGreaterThan(20);
    const taxIds = new Set(demoTaxes.map((tax) => tax.id));
    const groupIds = new Set(demoProductGroups.map((group) => group.id));
    expect(products.filter((product) => !taxIds.has(product.tax as string))).toEqual([]);
    expect(products.filter((product) => !groupIds.has(product.product_group as string))).toEqual([]);
  });
});
