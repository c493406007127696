// The last scans of this session, newest first, so a cashier can go back to an item scanned a moment
// ago: when, the code, and what it found (name and price) or why not. Kept in the screen's memory
// only, never written anywhere, and emptied when the cashier signs out.
import { useCallback, useRef, useState } from "react";
import type { LookupAnswer } from "../../../shared/catalog/lookup-answer.ts";
import type { Money } from "../../../shared/catalog/money.ts";
import type { IpcError, IpcResult } from "../../../shared/ipc/ipc-result.ts";
import type { ScanOrigin } from "./scan-origin.ts";

export const historyLength = 20;

export type ScanOutcome =
  /**
   * The price is what the till charges: a scale label's line total, else the product's gross; none
   * where the cashier enters the price (`askPrice`), so a stored 0.00 never looks final.
   */
  | { kind: "found"; name: string; price: Money | null; askPrice?: boolean }
  | { kind: "not-found"; reason: NonNullable<LookupAnswer["reason"]>["kind"] }
  | { kind: "failed"; error: IpcError };

export interface ScanEntry {
  /** Unique within the session: the list's key. */
  id: number;
  /** When the answer came, in ms since the epoch. */
  at: number;
  code: string;
  outcome: ScanOutcome;
  /** Where the scan came from, and the symbology its source reported (looked up the same way again). */
  origin: ScanOrigin;
}

export function outcomeOf(result: IpcResult<LookupAnswer>): ScanOutcome {
  if (!result.ok) return { kind: "failed", error: result.error };
  const { match, price, reason, label } = result.value;
  if (match === null) return { kind: "not-found", reason: reason?.kind ?? "unknown-code" };
  const gross = price?.amount.gross ?? null;
  const listed = price === null || gross === null ? null : { amount: gross, currency: price.currency };
  const askPrice = result.value.sale?.askPrice === true && label === null;
  return {
    kind: "found",
    name: match.product.name,
    price: askPrice ? null : (label?.charge ?? listed),
    askPrice,
  };
}

/** The list with one more scan in front, the oldest beyond the limit dropped. */
export function withScan(entries: readonly ScanEntry[], entry: ScanEntry): ScanEntry[] {
  return [entry, ...entries].slice(0, historyLength);
}

export function useScanHistory(now: () => number = Date.now) {
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const lastId = useRef(0);
  const record = useCallback(
    (code: string, result: IpcResult<LookupAnswer>, origin: ScanOrigin) => {
      lastId.current += 1;
      const entry = { id: lastId.current, at: now(), code, outcome: outcomeOf(result), origin };
      setEntries((list) => withScan(list, entry));
    },
    [now],
  );
  const clear = useCallback(() => setEntries([]), []);
  return { entries, record, clear };
}
