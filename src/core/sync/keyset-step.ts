// How the walk moves after a page. Offset paging alone skips products when the catalog changes during
// the walk (an update moves a product to the end and shifts every later one a place left), so each
// request asks from the last committed cursor value, inclusive: boundary items come again and upsert
// idempotently. `page` only moves through a run of equal values longer than a page.
import type { ProductsPageResult } from "../products-page.ts";
import type { StreamCheckpoint } from "./sync-state.ts";

export function nextCheckpoint(
  checkpoint: StreamCheckpoint,
  page: ProductsPageResult,
  size: number,
): StreamCheckpoint {
  const last = lastCursorValue(page) ?? checkpoint.from;
  const finished = page.count < size || page.count === 0 || page.next === null;
  if (finished) return { from: last, page: 0, done: true };
  if (last !== null && (checkpoint.from === null || Date.parse(last) > Date.parse(checkpoint.from))) {
    return { from: last, page: 0, done: false };
  }
  return { from: checkpoint.from, page: checkpoint.page + 1, done: false };
}

/** The cursor value of the page's last item: the service says it in `next`; else the newest we hold. */
function lastCursorValue(page: ProductsPageResult): string | null {
  const fromCursor = page.next?.updated_at;
  if (typeof fromCursor === "string" && !Number.isNaN(Date.parse(fromCursor))) return fromCursor;
  let newest: string | null = null;
  for (const { product } of page.received) {
    if (newest === null || product.updated_at.unix > Date.parse(newest)) newest = product.updated_at.iso;
  }
  return newest;
}
