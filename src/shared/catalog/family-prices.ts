// The price of every product a lookup shows (the product, its parent, each variant), for one till
// at one instant: what the result card and the options matrix display.
import type { FamilyPrices, StoredFamily } from "./lookup-answer.ts";
import { type PriceContext, resolvePrice } from "./price-rule.ts";

/** By product id; a variant without a price of its own sells at its parent's. */
export function familyPrices(family: StoredFamily, context: PriceContext): FamilyPrices {
  const { product, parent, variants } = family;
  const head = parent ?? (product.type === "variant_product" ? product : null);
  const prices: FamilyPrices = {};
  for (const member of [product, ...(parent ? [parent] : []), ...variants]) {
    const own = resolvePrice(member.prices, context);
    prices[member.id] = own ?? (member === head ? null : resolvePrice(head?.prices, context));
  }
  return prices;
}
