// How the walk moves, and the one guard that decides whether a page can be trusted.
//
// The walk is a position in the service's order (updated_at, then id). Each request asks from the
// committed position's instant, inclusive, so products that change during the walk are picked up;
// offset pages are only a way to reach a spot inside a run of equal instants. Whatever a page says,
// the walk keeps only records after its position, and refuses a page that would not move it on, that
// breaks the promised order, or that is dated beyond the service's own clock: an upstream that loops,
// repeats itself or jumps to the far future stops the sync instead of spinning or blinding it.

import { pagingLimits } from "../../shared/api/pagination.ts";
import { AppError } from "../../shared/app-error.ts";
import { recordPosition } from "../api/record-position.ts";
import type {
  ProductsPageResult,
  ProductsQuery,
  ReceivedProduct,
  RecordPosition,
  RejectedRecord,
} from "../products-page.ts";
import { type StreamCheckpoint, walkFromStart } from "./sync-state.ts";

/** How far past the service's clock a record may be dated (drift between the service's machines). */
export const clockToleranceMs = 60 * 60 * 1000;

export type PageRequest = Pick<ProductsQuery, "page" | "size" | "first" | "deleted">;

/**
 * The page to ask for next: one whose slice holds both the last committed record (offset seen - 1)
 * and the next one (offset seen), so the walk can see where it stands even when records of the run
 * changed since. The size is moved a little off the one asked for when `seen` falls on a page boundary.
 */
export function nextQuery(checkpoint: StreamCheckpoint, size: number, deleted: boolean): PageRequest {
  const first = checkpoint.from ?? undefined;
  const { seen } = checkpoint;
  if (seen === 0) return { page: 0, size, first, deleted };
  const chosen = straddlingSize(seen, size) ?? size;
  return { page: Math.floor(seen / chosen), size: chosen, first, deleted };
}

/** A size near `size` that does not divide `seen`: down to half of it, then up a little. */
function straddlingSize(seen: number, size: number): number | null {
  for (let tried = size; tried >= Math.ceil(size / 2); tried--) if (seen % tried !== 0) return tried;
  const largest = Math.min(pagingLimits.maxSize, size + 64);
  for (let tried = size + 1; tried <= largest; tried++) if (seen % tried !== 0) return tried;
  return null;
}

export interface WalkStep {
  checkpoint: StreamCheckpoint;
  /** The records to commit: those after the walk's position. */
  received: ReceivedProduct[];
  rejected: RejectedRecord[];
}

/** The checkpoint after `page`, the answer to `query`; throws an AppError when the page cannot be trusted. */
export function walkStep(
  checkpoint: StreamCheckpoint,
  query: PageRequest,
  page: ProductsPageResult,
  localNowMs: number,
): WalkStep {
  const position = positionOf(checkpoint);
  // A position past the service's clock was left by an upstream that once lied about its dates (its
  // Date header too): walking on from there would miss every later change, so the stream starts over.
  if (position !== null && position.ms > (page.serverTimeMs ?? localNowMs) + clockToleranceMs) {
    return { checkpoint: walkFromStart, received: [], rejected: [] };
  }
  const placed = page.positions.filter((key): key is RecordPosition => key !== null);
  checkOrder(placed, position);
  checkClock(placed, page, localNowMs);
  checkStream(page, query.deleted);

  const offset = query.page * query.size;
  const firstPlaced = placed[0];
  // The page began before the next unseen record, yet it does not reach back to the last committed
  // one: its first record is already new, or it holds none at all. Records of the run changed behind
  // the walk and the rest moved up, or out past the end of the run. Nothing is kept; the next request
  // reaches further back, page by page, until it holds the last committed record again (or starts at
  // the run's first record, which needs no proof).
  if (
    offset > 0 &&
    offset < checkpoint.seen &&
    position &&
    (firstPlaced === undefined || compare(firstPlaced, position) > 0)
  ) {
    return { checkpoint: { ...checkpoint, seen: offset }, received: [], rejected: [] };
  }

  const isNew = (key: RecordPosition | null) =>
    key === null || position === null || compare(key, position) > 0;
  const received = page.received.filter((item) => isNew(recordPosition(item.raw)));
  const rejected = page.rejected.filter((item) => isNew(recordPosition(item.raw)));
  const last = placed.at(-1);
  const moved = last !== undefined && isNew(last);
  const isLast = page.count < query.size || page.count === 0 || page.next === null;
  if (!moved) {
    if (isLast) return { checkpoint: { ...checkpoint, done: true }, received, rejected };
    // Having reached back (above), the walk holds the last committed record again, at the end of
    // this page: it goes on from its place here. Only forward: a page that leaves it where it was
    // is a repeat.
    const held =
      position === null ? -1 : page.positions.findIndex((key) => key && compare(key, position) === 0);
    if (held >= 0 && offset + held + 1 > checkpoint.seen) {
      return { checkpoint: { ...checkpoint, seen: offset + held + 1 }, received, rejected };
    }
    throw new AppError(
      "invalid-response",
      "The commerce service sent the same products again instead of moving on, so the sync stopped. " +
        "Nothing from that page was saved. Try again later; if it keeps happening, the service needs fixing.",
    );
  }
  const sameInstant = position !== null && last.ms === position.ms;
  const seen = sameInstant
    ? offset + page.positions.lastIndexOf(last) + 1
    : placed.filter((key) => key.ms === last.ms).length;
  return {
    checkpoint: { from: new Date(last.ms).toISOString(), after: last.id, seen, done: isLast },
    received,
    rejected,
  };
}

function positionOf(checkpoint: StreamCheckpoint): RecordPosition | null {
  if (checkpoint.from === null) return null;
  // Without an id (a checkpoint from an older version) every record at that instant counts as new.
  return { ms: Date.parse(checkpoint.from), id: checkpoint.after ?? "" };
}

function compare(a: RecordPosition, b: RecordPosition): number {
  if (a.ms !== b.ms) return a.ms - b.ms;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Records come strictly in (updated_at, id) order, none before the instant the walk asked from. */
function checkOrder(placed: RecordPosition[], position: RecordPosition | null): void {
  const asked = position?.ms ?? Number.NEGATIVE_INFINITY;
  const broken = placed.some((key, index) => {
    const previous = placed[index - 1];
    return key.ms < asked || (previous !== undefined && compare(previous, key) >= 0);
  });
  if (broken) {
    throw new AppError(
      "invalid-response",
      "The commerce service sent products out of order or sent one product twice, so the sync stopped. " +
        "Nothing from that page was saved. Try again later; if it keeps happening, the service needs fixing.",
    );
  }
}

/** The deleted stream holds deleted products only, the live stream live ones only. */
function checkStream(page: ProductsPageResult, deleted: boolean): void {
  if (page.received.every(({ product }) => product.deleted === deleted)) return;
  const asked = deleted ? "deleted products" : "live products";
  throw new AppError(
    "invalid-response",
    `The commerce service answered a request for ${asked} with products of the other kind, so the sync stopped. ` +
      "Nothing from that page was saved. Try again later; if it keeps happening, the service needs fixing.",
  );
}

/** No record and no cursor dated after the service's own clock (its Date header, else ours) plus a margin. */
function checkClock(placed: RecordPosition[], page: ProductsPageResult, localNowMs: number): void {
  const now = page.serverTimeMs ?? localNowMs;
  const cursor = Date.parse(page.next?.updated_at ?? "");
  const newest = Math.max(placed.at(-1)?.ms ?? Number.NEGATIVE_INFINITY, Number.isNaN(cursor) ? 0 : cursor);
  if (newest <= now + clockToleranceMs) return;
  const dated =
    Number.isFinite(newest) && Math.abs(newest) <= 8.64e15
      ? new Date(newest).toISOString()
      : "an impossible date";
  throw new AppError(
    "invalid-response",
    `The commerce service sent a product changed at ${dated}, later than its own clock (${new Date(now).toISOString()}), ` +
      "so the sync stopped before saving it: a date in the future would hide every later change. " +
      "Try again later; if it keeps happening, the service's clock or data needs fixing.",
  );
}
