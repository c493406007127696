// The scan in flight and its answer: one lookup at a time on screen, the newest scan winning, with a
// tone for found or not found when sound is on. When a price on the answer is about to change (an
// offer begins or ends), the code is looked up again at that instant, so the card never shows a
// price the till no longer charges; no sync is needed, the catalog already holds every price.
import { useCallback, useEffect, useRef, useState } from "react";
import type { LookupAnswer } from "../../../shared/catalog/lookup-answer.ts";
import type { CatalogApi } from "../../../shared/ipc/catalog-api.ts";
import type { IpcError } from "../../../shared/ipc/ipc-result.ts";
import { settled } from "../catalog/catalog-provider.tsx";
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

export function useLookup(api: CatalogApi, sound: ScanSound | null) {
  const [state, setState] = useState<LookupState>({ pending: null, answer: null, error: null });
  const latest = useRef(0);

  const lookup = useCallback(
    async (code: string, options: { quiet?: boolean } = {}) => {
      // A refresh takes no ticket of its own: a scan made meanwhile wins over it.
      const ticket = options.quiet ? latest.current : ++latest.current;
      if (!options.quiet) setState((previous) => ({ ...previous, pending: code }));
      const result = await settled(api.lookup({ code }));
      if (ticket !== latest.current) return;
      if (result.ok) {
        if (!options.quiet) {
          if (result.value.match) sound?.found();
          else sound?.notFound();
        }
        setState({ pending: null, answer: result.value, error: null });
      } else if (!options.quiet) {
        sound?.notFound();
        setState({ pending: null, answer: null, error: result.error });
      }
    },
    [api, sound],
  );

  const answer = state.answer;
  useEffect(() => {
    const change = nextPriceChange(answer);
    if (answer === null || change === null) return;
    const left = change - Date.now();
    const wait = left > 0 ? Math.min(left + afterChangeMs, longestWaitMs) : retryMs;
    const timer = setTimeout(() => void lookup(answer.query, { quiet: true }), wait);
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
