// Properties of the page walk: at any page size, any cursor field and filter, following `next` returns every
// matching product exactly once in (cursor field, id) order, and the cursor URLs reproduce their pages.
import fc from "fast-check";
import { expect, it } from "vitest";
import { generateDemoCatalog } from "../../src/server/demo/demo-catalog.ts";
import { type CursorField, type ProductsPage, productsPageSchema } from "../../src/shared/api/pagination.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { type ExpectedFilters, expectedProducts } from "./demo-expectations.ts";
import { adminToken, call, paths, startTestService } from "./service-harness.ts";

const now = Date.parse("2025-06-01T12:00:00.000Z");
const count = 700;
const seed = 11;
const service = await startTestService({ demoProducts: count, seed, clock: () => now });
const catalog = generateDemoCatalog({ count, seed, accountId: service.demo.accountId, now });
const token = await adminToken(service);

const filterCases: { query: string; filters: ExpectedFilters }[] = [
  { query: "", filters: {} },
  { query: "&deleted=false", filters: { deleted: false } },
  { query: "&deleted=true", filters: { deleted: true } },
  { query: "&type=variant", filters: { types: ["variant"] } },
  { query: "&type=product,voucher&active=true", filters: { types: ["product", "voucher"], active: true } },
  { query: "&active=false&extended=&fields=", filters: { active: false } },
];

async function fetchPage(url: string): Promise<ProductsPage> {
  const reply = await call(service, "GET", url, { token });
  expect(reply.status, reply.text).toBe(200);
  return productsPageSchema.parse(reply.json);
}

const idsOf = (page: ProductsPage) => page.results.map((product) => (product as Product).id);

it("has ties in both cursor fields, so the id tie-break is exercised", () => {
  for (const field of ["updated_at", "created_at"] as const) {
    const instants = catalog.map((product) => product[field].unix);
    expect(new Set(instants).size).toBeLessThan(instants.length);
  }
});

it("walks every matching product exactly once, in order, and the cursor URLs reproduce their pages", async () => {
  const walk = fc.record({
    size: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 13, max: 300 })),
    field: fc.constantFrom<CursorField>("updated_at", "created_at"),
    filter: fc.constantFrom(...filterCases),
    firstAt: fc.option(fc.integer({ min: 0, max: count - 1 })),
    slash: fc.boolean(),
    probe: fc.nat(),
  });
  await fc.assert(
    fc.asyncProperty(walk, async ({ size, field, filter, firstAt, slash, probe }) => {
      const bound = firstAt === null ? undefined : (catalog[firstAt] as Product)[field];
      const expected = expectedProducts(catalog, { ...filter.filters, firstMs: bound?.unix }, field).map(
        (p) => p.id,
      );
      const first = bound === undefined ? "" : `&first=${encodeURIComponent(bound.iso)}`;
      const start = `${paths(service).products}${slash ? "/" : ""}?size=${size}&cursor_field=${field}${first}${filter.query}`;

      const pages: ProductsPage[] = [];
      for (let url: string | null | undefined = start; url; url = pages.at(-1)?.cursor.next) {
        const page = await fetchPage(url);
        expect(page.request.cursor.page).toBe(pages.length);
        expect(idsOf(page)).toEqual(expected.slice(pages.length * size, (pages.length + 1) * size));
        const next = page.request.cursor.next;
        expect(next ? { id: next.id, page: next.page } : undefined).toEqual(
          page.cursor.next ? { id: idsOf(page).at(-1), page: pages.length + 1 } : undefined,
        );
        pages.push(page);
      }
      expect(pages.flatMap(idsOf)).toEqual(expected);
      expect(pages.length).toBe(Math.floor(expected.length / size) + 1);

      const probed = pages[probe % pages.length] as ProductsPage;
      expect(idsOf(await fetchPage(probed.cursor.self))).toEqual(idsOf(probed));
      expect(idsOf(await fetchPage(probed.cursor.first))).toEqual(idsOf(pages[0] as ProductsPage));
    }),
    {
      numRuns: 25,
      examples: [
        [
          {
            size: 1,
            field: "updated_at",
            filter: filterCases[2] as (typeof filterCases)[number],
            firstAt: null,
            slash: false,
            probe: 3,
          },
        ],
        [
          {
            size: 300,
            field: "created_at",
            filter: filterCases[0] as (typeof filterCases)[number],
            firstAt: 5,
            slash: true,
            probe: 1,
          },
        ],
      ],
    },
  );
});
