// The scan in flight and its answer: one lookup at a time on screen, the newest scan winning, with a
// tone for found or not found when sound is on. When a price on the answer is about to change (an
// offer begins or ends), the code is looked up again at that instant, so the card never shows a
// price the till no longer charges; no sync is needed, the catalog already holds every price.
// Each scan's outcome is also handed to `onScanned` (the scan history); a reopened or refreshed
// answer is not a new scan.
import { useCallback, useEffect, useRef, useState } from "react";
import type { LookupAnswer } from "../../../shared/catalog/lookup-answer.ts";
import type { CatalogApi } from "../../../shared/ipc/catalog-api.ts";
import type { IpcError, IpcResult } from "../../../shared/ipc/ipc-result.ts";
import { settled } from "../catalog/catalog-provider.tsx";
import { type ScanOrigin, typedScan } from "./scan-origin.ts";
import type { ScanSound } from "./scan-sound.ts";

export interface LookupState {
  /** The code being looked up, or null. */
  pending: string | null;
  answer: LookupAnswer | null;
  error: IpcError | null;
}

// A timer cannot wait longer than this (about 24.8 days); a later change is waited for in steps.
const longestWaitMs = 2 ** 31 - 1;
// The catalog's clock and the screen's may differ a little: ask just after the change, and when the
// catalog still answers a price whose end has passed here, ask again a second later, not at once.
const afterChangeMs = 50;
const retryMs = 1000;

/**
 * Why a code is looked up: a scan (or a typed code), a code from the scan history shown again, or the
 * card's own refresh when a price changes (silent, and nothing shown when it fails).
 */
export type LookupPurpose = "scan" | "reopen" | "refresh";

export type ScannedListener = (code: string, result: IpcResult<LookupAnswer>, origin: ScanOrigin) => void;

export function useLookup(api: CatalogApi, sound: ScanSound | null, onScanned?: ScannedListener) {
  const [state, setState] = useState<LookupState>({ pending: null, answer: null, error: null });
  const latest = useRef(0);

  const lookup = useCallback(
    async (code: string, purpose: LookupPurpose = "scan", origin: ScanOrigin = typedScan) => {
      const quiet = purpose === "refresh";
      // A refresh takes no ticket of its own: a scan made meanwhile wins over it.
      const ticket = quiet ? latest.current : ++latest.current;
      if (!quiet) setState((previous) => ({ ...previous, pending: code }));
      const { symbology } = origin;
      const result = await settled(api.lookup(symbology === null ? { code } : { code, symbology }));
      // Every scan is history, even one overtaken on screen by a faster scan after it.
      if (purpose === "scan") onScanned?.(code, result, origin);
      if (ticket !== latest.current) return;
      if (purpose === "scan") {
        if (result.ok && result.value.match) sound?.found();
        else sound?.notFound();
      }
      if (result.ok) setState({ pending: null, answer: result.value, error: null });
      else if (!quiet) setState({ pending: null, answer: null, error: result.error });
    },
    [api, sound, onScanned],
  );

  const answer = state.answer;
  useEffect(() => {
    const change = nextPriceChange(answer);
    if (answer === null || change === null) return;
    const left = change - Date.now();
    const wait = left > 0 ? Math.min(left + afterChangeMs, longestWaitMs) : retryMs;
    const origin = { source: "keyboard", symbology: answer.code.symbologyId } as const;
    const timer = setTimeout(() => void lookup(answer.query, "refresh", origin), wait);
    return () => clearTimeout(timer);
  }, [answer, lookup]);

  return { ...state, lookup };
}

/** The first instant any price on the answer (product or variant) stops holding; null: none planned. */
function nextPriceChange(answer: LookupAnswer | null): number | null {
  const instants = Object.values(answer?.match?.prices ?? {})
    .map((price) => (price?.until ? Date.parse(price.until) : Number.NaN))
    .filter((instant) => !Number.isNaN(instant));
  return instants.length === 0 ? null : Math.min(...instants);
}
