// A products page as the sync engine wants it: the envelope must follow the contract, but each record
// is judged alone, so one bad product is set aside instead of failing the whole page.
import { productsPageSchema } from "../../shared/api/pagination.ts";
import { productSchema } from "../../shared/api/product.ts";
import type { ProductsPageResult, ReceivedProduct, RejectedRecord } from "../products-page.ts";
import { describeIssues, parseResponse } from "./api-errors.ts";

export function toProductsPageResult(body: unknown): ProductsPageResult {
  const page = parseResponse(productsPageSchema, body, "products page");
  const received: ReceivedProduct[] = [];
  const rejected: RejectedRecord[] = [];
  for (const raw of page.results) {
    const parsed = productSchema.safeParse(raw);
    if (parsed.success) received.push({ product: parsed.data, raw: raw as Record<string, unknown> });
    else rejected.push({ id: recordId(raw), reason: describeIssues(parsed.error), raw });
  }
  return {
    received,
    rejected,
    count: page.results.length,
    next: page.request.cursor.next ?? null,
    nextUrl: page.cursor.next ?? null,
  };
}

function recordId(raw: unknown): string | null {
  if (typeof raw !== "object" || raw === null) return null;
  const id = (raw as { id?: unknown }).id;
  return typeof id === "string" && id !== "" ? id : null;
}
