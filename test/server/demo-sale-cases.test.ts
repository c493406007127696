// The demo catalog's sale cases: each one there, shaped as the upstream's own schema allows, named
// by the barcodes the demo and the tests scan, and the stock's linked products (drinks in returnable bottles) given a deposit.
import { describe, expect, it } from "vitest";
import { generateDemoCatalog } from "../../src/server/demo/demo-catalog.ts";
import { demoGroupId } from "../../src/server/demo/demo-product-groups.ts";
import { demoSaleCaseCount, demoSaleCaseIds, demoSaleCode } from "../../src/server/demo/demo-sale-cases.ts";
import { demoTaxId } from "../../src/server/demo/demo-taxes.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { productCodes } from "../../src/shared/api/product-codes.ts";
import { oracle, productRecordSchema } from "../support/upstream-schemas.ts";

const options = {
  count: 400,
  seed: 7,
  accountId: "5c1f2e0a-6a7b-4c3d-9e8f-0a1b2c3d4e5f",
  now: Date.UTC(2026, 10, 1),
};
const catalog = generateDemoCatalog(options);
const cases = catalog.slice(catalog.length - demoSaleCaseCount(options.count));
const byId = new Map(catalog.map((product) => [product.id, product]));
const byCode = (key: string) => catalog.find((product) => productCodes(product).includes(demoSaleCode(key)));
const upstream = oracle(productRecordSchema());

describe("the demo's sale cases", () => {
  it("are valid under the upstream's product schema, and so are the records embedded in them", () => {
    expect(cases.length).toBeGreaterThan(15);
    const embedded = cases.flatMap((product) =>
      Array.isArray(product.linked_products)
        ? product.linked_products.filter((entry) => typeof entry === "object" && entry?.name)
        : [],
    );
    expect(embedded.length).toBeGreaterThan(0);
    // The oracle refuses what the upstream refuses.
    expect(
      upstream.problems({ ...cases[0], insert_id: "7", serial_number_input_required: "yes" }),
    ).not.toEqual([]);
    for (const record of [...cases, ...embedded]) {
      expect(upstream.problems(JSON.parse(JSON.stringify(record))), (record as Product).name).toEqual([]);
    }
  });

  it("names deposits by id, by an entry with a quantity, embedded whole, and as a linked child", () => {
    const deposit = byCode("deposit");
    expect(byCode("cola")?.linked_products).toEqual([deposit?.id]);
    expect(byCode("beerCrate")?.linked_products).toEqual([
      { product: byCode("crateDeposit")?.id, quantity: 1 },
    ]);
    const [embedded] = (byCode("juice")?.linked_products ?? []) as Record<string, unknown>[];
    expect(embedded).toMatchObject({
      id: byCode("glassDeposit")?.id,
      name: expect.stringContaining("Pfand"),
    });
    const apple = byCode("appleJuice") as Product;
    const child = catalog.find((product) => product.parent === apple.id);
    expect(child).toMatchObject({ type: "linked", barcode: null });
  });

  it("has bundles of two to four parts, one naming a product the catalog lacks", () => {
    const bundles = cases.filter((product) => product.type === "composed_product");
    const parts = bundles.map((bundle) => bundle.components as { product: string; quantity: number }[]);
    expect(parts.map((list) => list.length).sort()).toEqual([2, 3, 4]);
    const missing = parts.flat().filter((part) => !byId.has(part.product));
    expect(missing).toHaveLength(1);
  });

  it("has prices entered at the till, products not for sale and products needing a serial number", () => {
    const pricing = (product: Product) =>
      (product.configuration as { pricing?: Record<string, unknown> })?.pricing;
    expect(cases.filter((product) => pricing(product)?.request_input === true).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(byCode("voucher")?.prices?.default_prices?.[0]?.amount?.gross).toBe(0);
    expect(cases.filter((product) => product.sellable === false).length).toBeGreaterThanOrEqual(2);
    expect(
      cases.filter((product) => product.serial_number_input_required === true).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("gives every stock product sold with a deposit its deposit", () => {
    const drinks = catalog.filter((product) => product.type === "linked_product" && !cases.includes(product));
    expect(drinks.length).toBeGreaterThan(5);
    for (const drink of drinks) expect(drink.linked_products).toEqual([byCode("deposit")?.id]);
  });

  it("has a counter's goods by their ids: rolls without a barcode, two variant families, a cake priced at the till", () => {
    const ids = demoSaleCaseIds(options.seed);
    const of = (key: string) => byId.get(ids[key] as string) as Product;
    const bakery = demoGroupId("bakery");
    for (const key of ["roll", "ryeRoll", "pretzel"]) {
      expect(of(key)).toMatchObject({
        type: "product",
        barcode: null,
        product_group: bakery,
        tax: demoTaxId(7),
      });
    }
    expect(of("roll").prices?.default_prices?.[0]?.amount?.gross).toBeLessThan(1);
    for (const [parent, option] of [
      ["croissant", "Sorte"],
      ["coffeeToGo", "Größe"],
    ] as const) {
      const family = of(parent);
      expect(family.type).toBe("variant_product");
      expect(family.children?.length).toBe(3);
      const children = catalog.filter((product) => product.parent === family.id);
      expect(children.map((child) => child.id)).toEqual(family.children?.map((child) => child.id));
      expect(children.every((child) => child.type === "variant" && option in (child.attributes ?? {}))).toBe(
        true,
      );
    }
    expect((of("cake").configuration as { pricing: unknown }).pricing).toEqual({
      request_input: true,
      zero_input_allowed: false,
    });
    // Whatever the catalog's size, the ids are the seed's: the favourite sets name them.
    expect(demoSaleCaseIds(options.seed)).toEqual(ids);
    expect(byId.has(ids.missing as string)).toBe(false);
  });

  it("leaves a small catalog to the stock alone", () => {
    expect(demoSaleCaseCount(49)).toBe(0);
    expect(
      generateDemoCatalog({ ...options, count: 49 }).some((product) => product.sku?.startsWith("SALE-")),
    ).toBe(false);
  });
});
