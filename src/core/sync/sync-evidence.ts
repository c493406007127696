// What the service's own counts (`/meta`) allow the walk to believe. A walk receives each product
// once, plus once more for every change made while it runs, so a stream far beyond the count is an
// upstream that never ends; and a full sync may remove local products only when what it saw agrees
// with the count, or an empty or cut-short list would wipe a till's catalog.
import { AppError } from "../../shared/app-error.ts";

/**
 * With no count from the service, what the till knew of the catalog stands in for it (the count at the
 * last sync, or the products held); knowing nothing at all, twice the largest catalog the module is
 * built for. Either way a stream that never ends is stopped.
 */
const uncountedCeiling = 2_000_000;

/** Records one stream may bring before the walk gives up: the count, plus room for changes during it. */
export function receivedLimit(total: number | null, pageSize: number, known: number | null): number {
  const expected = total ?? (known !== null && known > 0 ? known : null);
  if (expected === null) return uncountedCeiling;
  return expected + Math.max(1000, 2 * pageSize, Math.ceil(expected / 10));
}

/**
 * null when a complete full walk that saw `seen` live products may sweep the rest; otherwise the
 * error that says why not. `totals` are the live counts at the start and at the end of the walk.
 */
export function checkRemovalEvidence(input: { seen: number; totals: (number | null)[] }): AppError | null {
  const known = input.totals.filter((total): total is number => total !== null);
  if (known.length === 0) {
    return new AppError(
      "invalid-response",
      "The commerce service did not say how many products it has, so the full sync removed nothing from the local catalog. Run sync --full again when the service answers normally.",
    );
  }
  // The counts at the start and the end differ by the products created and deleted while the walk
  // ran; a walk may have seen that many fewer than the smaller count, and no fewer. A count that swung
  // further than a busy shop's changes during one walk is no evidence of anything.
  const changed = Math.max(...known) - Math.min(...known);
  if (changed > Math.max(20, Math.ceil(Math.max(...known) / 50))) {
    return new AppError(
      "invalid-response",
      `The commerce service's product count went from ${known[0]} to ${known.at(-1)} during the full sync, so nothing was removed from the local catalog. ` +
        "Run sync --full again when the catalog is not being changed in bulk.",
    );
  }
  const expected = Math.min(...known) - changed;
  if (input.seen >= expected) return null;
  return new AppError(
    "invalid-response",
    `The commerce service listed ${input.seen} products but counts ${Math.min(...known)}, so nothing was removed from the local catalog. ` +
      "Run sync --full again later; if the numbers keep disagreeing, the service needs looking at.",
  );
}
