// Reading a record part by part: a part the catalog cannot use is left out and named, the product
// kept; only a record that cannot be held at all is refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readProduct } from "../../../src/core/api/product-reading.ts";
import { generateDemoCatalog } from "../../../src/server/demo/demo-catalog.ts";
import { productCheckSchema, productSchema } from "../../../src/shared/api/product.ts";
import { productCodes } from "../../../src/shared/api/product-codes.ts";

const [demo, ...others] = JSON.parse(
  JSON.stringify(generateDemoCatalog({ count: 40, seed: 3, accountId: "acct", now: Date.UTC(2026, 0, 1) })),
) as Record<string, unknown>[];
const record = (changes: Record<string, unknown>) => ({ ...structuredClone(demo), ...changes });

function held(raw: unknown) {
  const reading = readProduct(raw);
  if (!reading.held) throw new Error(`refused: ${reading.reason}`);
  return reading;
}

describe("readProduct", () => {
  it("hands on a record every part of which is usable as it is, not a copy", () => {
    const reading = held(demo);
    expect(reading.product).toBe(demo);
    expect(reading.unusable).toEqual([]);
  });

  it("keeps a record with a null code and a child summary without id, and names both parts", () => {
    const raw = record({
      codes: [
        { data: null, type: "ean13", caption: null },
        { data: "4000000000017", type: "ean13", caption: "Stück" },
      ],
      children: [
        { name: "no id", barcodes: ["4000000000024"] },
        { id: "child-1", name: "Red", barcodes: ["4000000000031"] },
      ],
    });
    const reading = held(raw);
    expect(reading.unusable).toEqual([
      "codes[0]: a code without data",
      "children[0]: a child summary without id",
    ]);
    expect(productCodes(reading.product)).toContain("4000000000017");
    expect(reading.product.children?.map((child) => child.id)).toEqual(["child-1"]);
    expect(productCheckSchema.safeParse(reading.product).success).toBe(true);
    // The record as received is untouched.
    expect((raw.codes as unknown[]).length).toBe(2);
  });

  it("leaves out a price without amount or currency, an option that is no list, a value of another type", () => {
    const raw = record({
      prices: {
        default_prices: [{ amount: { gross: 2.49 } }, { currency: "EUR", amount: { gross: 2.99 } }],
        branch_prices: [],
      },
      options: [{ Size: "M" }, { Colour: ["red"] }],
      sku: 1234,
      attributes: { Colour: "red", Weight: 3 },
      barcodes: ["4000000000048", null],
    });
    const reading = held(raw);
    expect([...reading.unusable].sort()).toEqual([
      "attributes.Weight: a number, not text",
      "barcodes[1]: a barcode that is not text",
      "options[0]: an option that is not a list",
      "prices.default_prices[0]: a price without amount or currency",
      "sku: a number, not what the catalog reads here",
    ]);
    expect(reading.product.prices?.default_prices).toEqual([
      { currency: "EUR", amount: { gross: 2.99, net: null }, cost: null, margin: null, purchase_price: null },
    ]);
    expect(reading.product.options).toEqual([{ Colour: ["red"] }]);
    expect(reading.product.sku).toBeNull();
    expect(reading.product.attributes).toEqual({ Colour: "red" });
  });

  it("takes the schema's default for a field left out, without naming it as unusable", () => {
    const raw = record({});
    for (const key of ["active", "deleted", "sellable", "shipping_required"]) delete raw[key];
    const reading = held(raw);
    expect(reading.unusable).toEqual([]);
    expect(reading.product).toMatchObject({
      active: true,
      deleted: false,
      sellable: true,
      shipping_required: true,
    });
  });

  it("reads updated_at from its ISO text or its epoch ms alone, and stands it in for an unusable created_at", () => {
    const reading = held(
      record({ updated_at: { iso: "2026-01-02T03:04:05.000Z" }, created_at: "yesterday" }),
    );
    expect(reading.product.updated_at).toEqual({
      iso: "2026-01-02T03:04:05.000Z",
      unix: Date.parse("2026-01-02T03:04:05.000Z"),
    });
    expect(reading.product.created_at).toEqual(reading.product.updated_at);
    expect(reading.unusable).toEqual(["created_at: not a timestamp (updated_at stands in for it)"]);
  });

  it.each([
    ["not an object", ["a list"], null],
    ["no id", { ...demo, id: "" }, null],
    ["no usable updated_at", { ...demo, updated_at: { iso: "soon" } }, demo?.id],
  ])("refuses a record that cannot be held: %s", (_, raw, id) => {
    const reading = readProduct(raw);
    expect(reading.held).toBe(false);
    expect(reading).toMatchObject({ id });
  });

  it("holds any record with an id and an updated_at as a product the catalog can read, whatever else it holds", () => {
    const anyValue = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.boolean(),
      fc.double(),
      fc.string(),
      fc.array(
        fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.dictionary(fc.string(), fc.string())),
      ),
      fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.array(fc.string()))),
    );
    const fields = Object.keys(productSchema.shape).filter((key) => key !== "id" && key !== "updated_at");
    fc.assert(
      fc.property(
        fc.nat(others.length - 1),
        fc.array(fc.tuple(fc.constantFrom(...fields), anyValue), { minLength: 1, maxLength: 6 }),
        (index, changes) => {
          const raw = structuredClone(others[index] as Record<string, unknown>);
          for (const [field, value] of changes) raw[field] = value;
          const reading = held(raw);
          expect(productCheckSchema.safeParse(reading.product).success).toBe(true);
          expect(reading.product.id).toBe(raw.id);
        },
      ),
      { numRuns: 400 },
    );
  });
});
