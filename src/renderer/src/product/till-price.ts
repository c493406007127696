// The price this till charges for a product shown without a lookup (a search row): the same rule a
// scan uses (shared/catalog/price-rule.ts), with the till's branch and currency, at the service's
// time, so a search row, the result card and the scan history never show two prices for one product.
import type { Product } from "../../../shared/api/product.ts";
import { resolvePrice } from "../../../shared/catalog/price-rule.ts";
import type { PriceSettings } from "../../../shared/settings/app-settings.ts";
import type { ShownPrice } from "./product-price.ts";

export function tillPrice(
  settings: PriceSettings,
  /** The service's clock minus the till's (status.clockOffsetMs); null when not known yet. */
  clockOffsetMs: number | null,
  now: () => number = Date.now,
): (product: Product) => ShownPrice | null {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (product) => {
    const at = now() + (clockOffsetMs ?? 0);
    const price = resolvePrice(product.prices, { ...settings, at, timeZone });
    return price && { net: price.amount.net, gross: price.amount.gross, currency: price.currency };
  };
}
