// What one page of the products list becomes once it has crossed the HTTP boundary: the contract
// between the API client, the sync engine and the catalog store.
import type { CursorPosition } from "../shared/api/pagination.ts";
import type { Product } from "../shared/api/product.ts";

/** One list request as the sync engine asks for it. Booleans are always sent explicitly. */
export interface ProductsQuery {
  size: number;
  page: number;
  /** Inclusive lower bound on the cursor field (ISO 8601). */
  first?: string;
  deleted: boolean;
  cursorField?: "updated_at" | "created_at";
}

/**
 * A record the catalog holds: the product as the catalog reads it (the record itself when every part
 * of it is usable), the object exactly as the service sent it, and the parts left out of the first.
 */
export interface ReceivedProduct {
  product: Product;
  raw: Record<string, unknown>;
  /** Each part the catalog cannot use, named with where it is and why; empty for nearly every record. */
  unusable: string[];
}

/** A record that cannot be held at all (not an object, no id, no usable updated_at): set aside. */
export interface RejectedRecord {
  id: string | null;
  reason: string;
  raw: unknown;
}

/** A record's place in the service's order: updated_at (epoch ms), then id. */
export interface RecordPosition {
  ms: number;
  id: string;
}

export interface ProductsPageResult {
  received: ReceivedProduct[];
  rejected: RejectedRecord[];
  /** Number of records in the page, valid or not. */
  count: number;
  /** Each record's position in page order, valid or not; null when it has no readable id and date. */
  positions: (RecordPosition | null)[];
  /** The service's `request.cursor.next`, or null on the last page. */
  next: CursorPosition | null;
  /** The service's clock when it answered (its Date header), or null when it did not say. */
  serverTimeMs: number | null;
}
