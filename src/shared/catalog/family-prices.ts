// The price of every product a lookup shows (the product, its parent, each variant), for one till
// at one instant: what the result card and the options matrix display.
import type { FamilyPrices, StoredFamily } from "./lookup-answer.ts";
import { type PriceContext, resolvePrice } from "./price-rule.ts";

/**
 * By product id; a variant without a price of its own sells at its parent's. Each product is priced
 * once (a scanned variant is also among the variants), and the parent's price once for all of them.
 */
export function familyPrices(family: StoredFamily, context: PriceContext): FamilyPrices {
  const { product, parent, variants } = family;
  const head = parent ?? (product.type === "variant_product" ? product : null);
  // The head is always shown (the parent, or the scanned parent itself): priced once, here.
  const headPrice = head === null ? null : resolvePrice(head.prices, context);
  const prices: FamilyPrices = {};
  for (const member of [product, ...(parent ? [parent] : []), ...variants]) {
    if (Object.hasOwn(prices, member.id)) continue;
    const own = member === head ? headPrice : resolvePrice(member.prices, context);
    prices[member.id] = own ?? (member === head ? null : headPrice);
  }
  return prices;
}
