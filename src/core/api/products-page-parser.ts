// A products page as the sync engine wants it: the envelope must follow the contract, but each record
// is read alone (product-reading.ts), so a part the catalog cannot use costs only that part, and a
// record that cannot be held at all is set aside instead of failing the whole page.
import { productsPageSchema } from "../../shared/api/pagination.ts";
import type { ProductsPageResult, ReceivedProduct, RejectedRecord } from "../products-page.ts";
import { parseResponse } from "./api-errors.ts";
import { readProduct } from "./product-reading.ts";
import { recordPosition } from "./record-position.ts";

export function toProductsPageResult(body: unknown, serverTimeMs: number | null = null): ProductsPageResult {
  const page = parseResponse(productsPageSchema, body, "products page");
  const received: ReceivedProduct[] = [];
  const rejected: RejectedRecord[] = [];
  for (const raw of page.results) {
    const reading = readProduct(raw);
    if (reading.held)
      received.push({
        product: reading.product,
        raw: raw as Record<string, unknown>,
        unusable: reading.unusable,
      });
    else rejected.push({ id: reading.id, reason: reading.reason, raw });
  }
  return {
    received,
    rejected,
    count: page.results.length,
    positions: page.results.map(recordPosition),
    next: page.request.cursor.next ?? null,
    serverTimeMs,
  };
}
