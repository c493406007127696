// The price a till shows for a product: its first default price, else its parent's (variants often
// carry none of their own). Amounts may be null in the record; the screens say "no price" then.
import type { Product } from "../../../shared/api/product.ts";

export interface ShownPrice {
  net: number | null;
  gross: number | null;
  currency: string;
}

export function shownPrice(product: Product, parent: Product | null = null): ShownPrice | null {
  for (const source of [product, parent]) {
    const price = source?.prices?.default_prices?.[0];
    if (price?.amount) return { net: price.amount.net, gross: price.amount.gross, currency: price.currency };
  }
  return null;
}
