// Reading products: list pages and their cursors, filters, the meta total, and single products.
import { describe, expect, it } from "vitest";
import { generateDemoCatalog } from "../../src/server/demo/demo-catalog.ts";
import {
  productsMetaSchema,
  productsPageSchema,
  singleProductSchema,
} from "../../src/shared/api/pagination.ts";
import { type Product, productSchema } from "../../src/shared/api/product.ts";
import { productRecordSchema } from "../support/upstream-schemas.ts";
import { expectedProducts } from "./demo-expectations.ts";
import { expectError } from "./error-envelope.ts";
import { adminToken, call, paths, startTestService } from "./service-harness.ts";

const now = Date.parse("2025-06-01T12:00:00.000Z");
const count = 400;
const service = await startTestService({ demoProducts: count, seed: 3, clock: () => now });
const catalog = generateDemoCatalog({
  count,
  seed: 3,
  accountId: service.demo.accountId,
  now,
  imageBaseUrl: service.baseUrl,
});
const path = paths(service);
const token = await adminToken(service);
const epoch = "1970-01-01T00:00:00.000Z";

async function page(query: string, listPath = path.products) {
  const reply = await call(service, "GET", `${listPath}${query}`, { token });
  expect(reply.status, reply.text).toBe(200);
  return productsPageSchema.parse(reply.json);
}

const ids = (products: readonly unknown[]) => products.map((product) => (product as Product).id);

/** The contract's keys the upstream's own schema allows: every demo record carries each of them. */
const allowed = Object.keys(productRecordSchema().properties as object);
const upstreamKeys = Object.keys(productSchema.shape).filter((key) => allowed.includes(key));

describe("a product list page", () => {
  it("serves full records with every key of the contract, live ones by default, in (updated_at, id) order", async () => {
    const body = await page("?size=5000");
    const expected = expectedProducts(catalog, {});
    expect(body).toMatchObject({ status: 200, count: expected.length });
    expect(ids(body.results)).toEqual(expected.map((product) => product.id));
    for (const record of body.results) {
      expect(Object.keys(record as object)).toEqual(expect.arrayContaining(upstreamKeys));
      productSchema.parse(record);
    }
    expect(body.results).toEqual(expected);
  });

  it("carries request.cursor and the three cursor URLs with every query parameter of the call", async () => {
    const query = "?page=2&size=10&deleted=false&extended=&fields=&type=product&type=variant";
    const body = await page(query);
    const expected = expectedProducts(catalog, { types: ["product", "variant"] }).slice(20, 30);
    expect(ids(body.results)).toEqual(ids(expected));
    const last = expected.at(-1) as Product;
    expect(body.request.cursor).toEqual({
      next: { id: last.id, updated_at: last.updated_at.iso, page: 3, cursor_field: "updated_at" },
      first: { updated_at: epoch, page: 0, cursor_field: "updated_at" },
      page: 2,
    });
    const rest = "&size=10&cursor_field=updated_at&deleted=false&extended=&fields=&type=product&type=variant";
    const base = `${service.baseUrl}${path.products}?first=${encodeURIComponent(epoch)}`;
    expect(body.cursor).toEqual({
      first: `${base}&page=0${rest}`,
      self: `${base}&page=2${rest}`,
      next: `${base}&page=3${rest}`,
    });
  });

  it("answers with and without the trailing slash, and its URLs keep the form called", async () => {
    const withSlash = await page("?size=3", `${path.products}/`);
    const without = await page("?size=3");
    expect(ids(withSlash.results)).toEqual(ids(without.results));
    expect(withSlash.cursor.next).toContain(`${path.products}/?`);
    expect(without.cursor.next).toContain(`${path.products}?`);
  });

  it("takes limit as an alias of size and writes size in its URLs", async () => {
    const body = await page("?limit=7&page=1");
    expect(ids(body.results)).toEqual(ids(expectedProducts(catalog, {}).slice(7, 14)));
    expect(body.cursor.self).toContain("size=7");
    expect(body.cursor.self).not.toContain("limit=");
  });

  it("omits next in both places on the last page, and on the empty page after a full one", async () => {
    const live = expectedProducts(catalog, {}).length;
    const short = await page(`?size=${live + 1}`);
    expect(short.count).toBe(live);
    expect(short.request.cursor.next).toBeUndefined();
    expect(short.cursor.next).toBeUndefined();
    const full = await page(`?size=${live}`);
    expect(full.cursor.next).toBeDefined();
    const after = await page(`?size=${live}&page=1`);
    expect(after).toMatchObject({ count: 0, results: [] });
    expect(after.cursor.next).toBeUndefined();
  });

  it("treats first as an inclusive lower bound on the cursor field and carries it in its URLs", async () => {
    for (const field of ["updated_at", "created_at"] as const) {
      const all = expectedProducts(catalog, {}, field);
      const bound = (all[100] as Product)[field].iso;
      const body = await page(`?first=${encodeURIComponent(bound)}&cursor_field=${field}&size=5000`);
      const expected = expectedProducts(catalog, { firstMs: Date.parse(bound) }, field);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      expect(ids(body.results)).toEqual(ids(expected));
      expect(body.request.cursor.first).toEqual({ [field]: bound, page: 0, cursor_field: field });
      expect(body.cursor.first).toContain(`first=${encodeURIComponent(bound)}`);
    }
  });
});

describe("list filters and the meta total", () => {
  const sample = catalog.find((product) => !product.deleted && product.product_group) as Product;
  const withBarcodes = catalog.find((product) => !product.deleted && (product.barcodes ?? []).length > 0);
  const withCodes = catalog.find((product) => !product.deleted && (product.codes ?? []).length > 0);
  const cases = [
    { query: "", filters: {} },
    { query: "deleted=false", filters: { deleted: false } },
    { query: "deleted=true", filters: { deleted: true } },
    { query: "active=false", filters: { active: false } },
    { query: "active=true&deleted=true", filters: { active: true, deleted: true } },
    { query: "type=voucher", filters: { types: ["voucher"] } },
    {
      query: "type=voucher,linked_product&type=variant",
      filters: { types: ["voucher", "linked_product", "variant"] },
    },
    {
      query: `product_group=${sample.product_group}`,
      filters: { productGroup: sample.product_group as string },
    },
    { query: `barcode=${sample.barcode}`, filters: { barcode: sample.barcode as string } },
    {
      query: `barcode=${withBarcodes?.barcodes?.[0]}`,
      filters: { barcode: withBarcodes?.barcodes?.[0] as string },
    },
    {
      query: `barcode=${withCodes?.codes?.[0]?.data}`,
      filters: { barcode: withCodes?.codes?.[0]?.data as string },
    },
    { query: "barcode=0000000000000", filters: { barcode: "0000000000000" } },
  ];

  it.each(cases)("filters by '$query', and meta counts the same", async ({ query, filters }) => {
    const expected = expectedProducts(catalog, filters);
    const body = await page(`?size=5000&${query}`);
    expect(ids(body.results)).toEqual(ids(expected));
    const meta = await call(service, "GET", `${path.meta}?${query}`, { token });
    expect(productsMetaSchema.parse(meta.json).results[0].count).toBe(expected.length);
    expect(meta.json).not.toHaveProperty("cursor");
  });

  it("finds a product by each of its codes", async () => {
    expect(withBarcodes && withCodes).toBeTruthy();
    for (const code of [withBarcodes?.barcodes?.[0], withCodes?.codes?.[0]?.data]) {
      const body = await page(`?barcode=${code}`);
      expect(body.count).toBeGreaterThan(0);
    }
  });
});

describe("reading one product", () => {
  it("returns the record in a one-element array, with no count and no cursor", async () => {
    const product = catalog.find((candidate) => !candidate.deleted) as Product;
    const reply = await call(service, "GET", path.product(product.id), { token });
    const body = singleProductSchema.parse(reply.json);
    expect(body.results).toEqual([product]);
    expect(reply.json).not.toHaveProperty("count");
    expect(reply.json).not.toHaveProperty("cursor");
    expect(body.request).not.toHaveProperty("cursor");
  });

  it("still reads a deleted product", async () => {
    const deleted = catalog.find((candidate) => candidate.deleted) as Product;
    const reply = await call(service, "GET", path.product(deleted.id), { token });
    expect(singleProductSchema.parse(reply.json).results[0]).toMatchObject({ id: deleted.id, deleted: true });
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expectError(await call(service, "GET", path.product(crypto.randomUUID()), { token }), 404);
    expectError(await call(service, "GET", path.product("not-a-uuid"), { token }), 400);
  });
});

describe("bad paging and filter values", () => {
  const bad = [
    "page=-1",
    "page=abc",
    "page=1.5",
    "page=",
    "size=0",
    "size=5001",
    "size=-3",
    "size=ten",
    "limit=0",
    "size=10&limit=20",
    "page=1&page=2",
    "first=yesterday",
    "first=2025-13-01T00:00:00Z",
    "cursor_field=name",
    "deleted=yes",
    "deleted=1",
    "active=",
    "type=",
    "barcode=",
  ];
  it.each(bad)("answers '%s' with 400", async (query) => {
    expectError(await call(service, "GET", `${path.products}?${query}`, { token }), 400);
  });

  it("applies the same filter checks to meta", async () => {
    expectError(await call(service, "GET", `${path.meta}?deleted=maybe`, { token }), 400);
  });
});
