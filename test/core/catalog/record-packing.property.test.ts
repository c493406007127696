// Every stored record reads back deep-equal to the record the service sent, whatever it holds: keys
// the contract does not know, nulls, empty objects and arrays, any unicode, numbers near and past
// 2^53. Through the real write path into a real SQLite file, then a lookup, as a till reads it.
import fc from "fast-check";
import { expect, it } from "vitest";
import { productSchema } from "../../../src/shared/api/product.ts";
import { tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

const anyText = fc.string({ unit: "binary", maxLength: 30 });
const anyNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 53 - 1, 2 ** 53 + 2, -(2 ** 63), 1e308, 5e-324, 0.1 + 0.2),
);
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    anyNumber,
    anyText,
    fc.constant({}),
    fc.constant([]),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(anyText, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A record the product schema accepts, with the contract's optional fields null or set, and more. */
const sentRecord = fc
  .record({
    name: fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
    summary: fc.option(anyText),
    sku: fc.option(anyText),
    barcode: fc.option(fc.stringMatching(/^\d{8,14}$/)),
    metadata: fc.option(fc.dictionary(anyText, anyValue, { maxKeys: 4 })),
    extra: fc.dictionary(
      anyText.map((key) => `x_${key}`),
      anyValue,
      { maxKeys: 6 },
    ),
  })
  .map(({ extra, ...fields }) => ({ fields, extra }));

it("reads every stored record back deep-equal to what was sent", async () => {
  const store = await temp.open(temp.file());
  let serial = 0;
  await fc.assert(
    fc.asyncProperty(sentRecord, async ({ fields, extra }) => {
      serial += 1;
      const id = `p-${serial}`;
      const entries = Object.entries({
        id,
        type: "product",
        active: true,
        deleted: false,
        created_at: { iso: new Date(0).toISOString(), unix: 0 },
        updated_at: { iso: new Date(serial).toISOString(), unix: serial },
        ...fields,
      });
      // Object.fromEntries, not a spread: a key like "__proto__" stays a key, as JSON.parse makes it.
      // Through JSON text, as the record crosses the wire: the service cannot send -0 or undefined.
      const sent = JSON.parse(JSON.stringify(Object.fromEntries([...entries, ...Object.entries(extra)])));
      const product = productSchema.parse(sent);
      await store.applyPage({
        received: [{ product, raw: sent }],
        rejected: [],
        removeReceived: false,
        generation: 1,
        syncState: { serial },
      });
      const stored = await store.productById(id);
      expect(stored?.product).toStrictEqual(sent);
    }),
    { numRuns: 300 },
  );
});
