// A products page as the sync engine wants it: the envelope must follow the contract, but each record
// is judged alone, so one bad product is set aside instead of failing the whole page.
import { productsPageSchema } from "../../shared/api/pagination.ts";
import { type Product, productCheckSchema } from "../../shared/api/product.ts";
import type {
  ProductsPageResult,
  ReceivedProduct,
  RecordPosition,
  RejectedRecord,
} from "../products-page.ts";
import { describeIssues, parseResponse } from "./api-errors.ts";
import { isProductRecord } from "./product-record-check.ts";

export function toProductsPageResult(body: unknown, serverTimeMs: number | null = null): ProductsPageResult {
  const page = parseResponse(productsPageSchema, body, "products page");
  const received: ReceivedProduct[] = [];
  const rejected: RejectedRecord[] = [];
  for (const raw of page.results) {
    // ajv passes nearly every record without building anything; zod judges, and words, the rest. The
    // schema only checks (no defaults, no transforms), so the record that passed is the product.
    const refusal = isProductRecord(raw) ? undefined : productCheckSchema.safeParse(raw).error;
    if (refusal === undefined)
      received.push({ product: raw as Product, raw: raw as Record<string, unknown> });
    else rejected.push({ id: recordId(raw), reason: describeIssues(refusal), raw });
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

function recordId(raw: unknown): string | null {
  if (typeof raw !== "object" || raw === null) return null;
  const id = (raw as { id?: unknown }).id;
  return typeof id === "string" && id !== "" ? id : null;
}

/** Where a record sits in the service's order (updated_at, then id), when that can be read at all. */
export function recordPosition(raw: unknown): RecordPosition | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { id, updated_at: updatedAt } = raw as { id?: unknown; updated_at?: unknown };
  if (typeof id !== "string" || id === "" || typeof updatedAt !== "object" || updatedAt === null) return null;
  const { unix, iso } = updatedAt as { unix?: unknown; iso?: unknown };
  const ms = typeof unix === "number" ? unix : typeof iso === "string" ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? { ms, id } : null;
}
