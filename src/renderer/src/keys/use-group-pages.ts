// A group's products as pages of keys, read one page at a time as the cashier turns them: forward by
// the catalog's cursor (the page before's `next`), back by the cursors kept on the way, so a group of
// any size costs one page's read per turn. The first page may come with the tab already.
import { useEffect, useState } from "react";
import type { CounterKey } from "../../../shared/catalog/counter-keys.ts";
import type { IpcError, IpcResult } from "../../../shared/ipc/ipc-result.ts";

export interface KeyPage {
  keys: CounterKey[];
  next: string | null;
  /** Products in the group, all pages together. */
  total: number;
}

export interface GroupPages {
  /** The page shown; null while the first is read or when it failed. */
  page: KeyPage | null;
  /** Its number, from 1 (while the next is read, still the one shown). */
  number: number;
  failure: IpcError | null;
  /** Null where there is no page to turn to, or while a page is being read (a second touch waits). */
  previous: (() => void) | null;
  next: (() => void) | null;
}

interface Shown {
  /** The cursor the page was read from: a page read for another cursor is not the one asked for. */
  after: string | null;
  number: number;
  page: KeyPage | null;
  failure: IpcError | null;
}

export function useGroupPages(
  /** Reads the page after a cursor (null: the first); keep it stable (useCallback). */
  read: (after: string | null) => Promise<IpcResult<KeyPage>>,
  first: KeyPage | null = null,
): GroupPages {
  // The cursor of each page up to the one shown (the first page's is null).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [shown, setShown] = useState<Shown>({ after: null, number: 1, page: first, failure: null });
  const after = cursors.at(-1) ?? null;
  const number = cursors.length;

  useEffect(() => {
    if (after === null && first !== null) {
      setShown({ after, number, page: first, failure: null });
      return;
    }
    let current = true;
    void read(after).then((result) => {
      if (!current) return;
      const [page, failure] = result.ok ? [result.value, null] : [null, result.error];
      setShown({ after, number, page, failure });
    });
    return () => {
      current = false;
    };
  }, [read, after, number, first]);

  const settled = shown.after === after;
  const forward = settled ? (shown.page?.next ?? null) : null;
  return {
    page: shown.page,
    number: shown.number,
    failure: settled ? shown.failure : null,
    previous: cursors.length > 1 && settled ? () => setCursors((list) => list.slice(0, -1)) : null,
    next: forward === null ? null : () => setCursors((list) => [...list, forward]),
  };
}
