// Property: every record the catalog stores reads back deep-equal to the record the service sent,
// whatever it holds: nulls, empty objects and lists, unicode keys and text, numbers near the edges of
// what JSON carries, keys in any order, "__proto__" as a key, and records of several key lists
// written over several pages (each key list's shape is made from the first page that brings it).
// -0 is not among the values: the service's JSON turns it into 0 before the till ever sees it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Product, productSchema } from "../../../src/shared/api/product.ts";
import { tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

/** Extra keys a record may carry, a few lists of them, so several records share a key list. */
const extraKeyLists = [
  [],
  ["note", "__proto__", "größe"],
  ["😀 key", "", "0", "constructor", "price_list", "x".repeat(300)],
];

const value = fc.oneof(
  fc.constant(null),
  fc.constantFrom({}, [], "", true, false, 0),
  fc.string({ unit: "binary" }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 1e300, -1e-300, 2 ** 53 + 2, 0.1),
  fc.jsonValue({ maxDepth: 3 }),
);

/** One record as it arrives: a valid product plus extra keys, in a shuffled order, through JSON. */
const record = (id: string) =>
  fc
    .record({
      name: fc.string({ unit: "grapheme", minLength: 1 }),
      sku: fc.option(fc.string({ unit: "binary" }), { nil: null }),
      barcode: fc.option(fc.stringMatching(/^[0-9]{8,13}$/u), { nil: null }),
      tags: fc.option(fc.array(fc.string(), { maxLength: 3 }), { nil: null }),
      active: fc.boolean(),
      extras: fc
        .constantFrom(...extraKeyLists)
        .chain((keys) => fc.tuple(...keys.map((key) => fc.tuple(fc.constant(key), value)))),
      order: fc.integer(),
    })
    .map(({ extras, order, ...fields }) => {
      const entries: [string, unknown][] = [
        ["id", id],
        ["type", "product"],
        ["deleted", false],
        ["created_at", { iso: new Date(0).toISOString(), unix: 0 }],
        ["updated_at", { iso: new Date(1000).toISOString(), unix: 1000 }],
        ...Object.entries(fields),
        ...extras,
      ];
      // A few key orders only, so most key lists are shared by several records.
      if (order % 3 === 1) entries.reverse();
      const text = `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`).join(",")}}`;
      return JSON.parse(text) as Record<string, unknown>;
    });

const catalog = fc
  .uniqueArray(fc.integer({ min: 0, max: 9999 }), { minLength: 1, maxLength: 30 })
  .chain((ids) => fc.tuple(...ids.map((id) => record(`p${id}`))));

describe("records stored by shape", () => {
  it("read back deep-equal to what the service sent", async () => {
    await fc.assert(
      fc.asyncProperty(catalog, fc.integer({ min: 1, max: 30 }), async (records, pageSize) => {
        const store = await temp.open(temp.file());
        for (let start = 0; start < records.length; start += pageSize) {
          const page = records.slice(start, start + pageSize);
          await store.applyPage({
            // As the sync hands on a record every part of which is usable: the record itself.
            received: page.map((raw) => {
              productSchema.parse(raw);
              return { product: raw as Product, raw, unusable: [] };
            }),
            rejected: [],
            removeReceived: false,
            generation: 1,
            syncState: { start },
          });
        }
        for (const raw of records) {
          const found = await store.productById(raw.id as string);
          // The same text means the same keys in the same order, "__proto__" as an own key included;
          // toStrictEqual cannot be used: it compares a "constructor" key as the object's class.
          expect(JSON.stringify(found?.product)).toBe(JSON.stringify(raw));
          expect(found?.product).toEqual(raw);
        }
        await store.close();
      }),
      { numRuns: 60 },
    );
  });
});
