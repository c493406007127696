// The scan in flight and its answer: one lookup at a time on screen, the newest scan winning, with a
// tone for found or not found when sound is on.
import { useCallback, useRef, useState } from "react";
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

export function useLookup(api: CatalogApi, sound: ScanSound | null) {
  const [state, setState] = useState<LookupState>({ pending: null, answer: null, error: null });
  const latest = useRef(0);

  const lookup = useCallback(
    async (code: string) => {
      const ticket = ++latest.current;
      setState((previous) => ({ ...previous, pending: code }));
      const result = await settled(api.lookup({ code }));
      if (ticket !== latest.current) return;
      if (result.ok) {
        if (result.value.match) sound?.found();
        else sound?.notFound();
        setState({ pending: null, answer: result.value, error: null });
      } else {
        sound?.notFound();
        setState({ pending: null, answer: null, error: result.error });
      }
    },
    [api, sound],
  );

  return { ...state, lookup };
}
