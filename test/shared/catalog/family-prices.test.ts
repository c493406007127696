// The prices of a family as the lookup answers them: each product priced once, a variant without a
// price of its own at its parent's, the parent without one at none, whichever member was scanned.
import { describe, expect, it } from "vitest";
import { type Product, productSchema } from "../../../src/shared/api/product.ts";
import { familyPrices } from "../../../src/shared/catalog/family-prices.ts";
import type { PriceContext } from "../../../src/shared/catalog/price-rule.ts";

const till: PriceContext = {
  branch: "berlin",
  currency: null,
  at: Date.parse("2026-11-20T12:00:00Z"),
  timeZone: "Europe/Berlin",
};
const eur = (gross: number) => [{ amount: { net: null, gross }, currency: "EUR" }];
const at = { iso: "2026-11-01T00:00:00.000Z", unix: 1_793_491_200 };

function product(id: string, fields: Partial<Product>): Product {
  return productSchema.parse({
    id,
    name: id,
    type: "variant",
    active: true,
    deleted: false,
    created_at: at,
    updated_at: at,
    ...fields,
  });
}

const parent = product("shirt", {
  type: "variant_product",
  prices: { default_prices: eur(20), branch_prices: [{ branch: "berlin", prices: eur(18) }] },
});
const own = product("shirt-red", { parent: "shirt", prices: { default_prices: eur(25) } });
const none = product("shirt-blue", { parent: "shirt", prices: null });
const grossOf = (prices: ReturnType<typeof familyPrices>) =>
  Object.fromEntries(Object.entries(prices).map(([id, price]) => [id, price?.amount.gross ?? null]));

describe("familyPrices", () => {
  it("prices a scanned variant, its parent and its siblings, the scanned one also among the variants", () => {
    const prices = familyPrices({ product: none, parent, variants: [own, none] }, till);
    expect(grossOf(prices)).toEqual({ "shirt-blue": 18, shirt: 18, "shirt-red": 25 });
    expect(prices["shirt-blue"]).toEqual(prices.shirt);
    expect(prices.shirt?.source).toBe("branch");
  });

  it("gives the same answer whichever member of the family was scanned", () => {
    const byParent = familyPrices({ product: parent, parent: null, variants: [own, none] }, till);
    const byVariant = familyPrices({ product: own, parent, variants: [own, none] }, till);
    expect(byParent).toEqual(byVariant);
  });

  it("leaves a parent without a price at none, and its variants without one too", () => {
    const bare = product("bare", { type: "variant_product", prices: null });
    const child = product("bare-s", { parent: "bare", prices: null });
    expect(familyPrices({ product: bare, parent: null, variants: [child] }, till)).toEqual({
      bare: null,
      "bare-s": null,
    });
  });
});
