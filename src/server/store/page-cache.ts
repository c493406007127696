// Pages served recently, as the bytes the database joined them into. A chain's tills sync at the same
// hours and walk the same catalog in the same pages, so after the first till every other one can be
// answered from memory. A page is kept under the write clock's reading taken before it was read
// (write-clock.ts) and given out only while the clock still reads the same: every write on every node
// moves the clock, so no node ever answers a page another node's write has changed. Bounded by bytes;
// the page used longest ago goes first.
import type { StoredPage } from "./products-store.ts";

/** MiB by default: the pages of about 30,000 products of the demo's size. */
export const defaultPageCacheMb = 64;
export const maxPageCacheMb = 16_384;

export interface PageCache {
  /** Page `page` of `walk` as read while the write clock read `clock`, if kept. */
  get(walk: string, page: number, clock: number): StoredPage | undefined;
  /** Keeps `stored`, read after the write clock read `clock`. */
  put(walk: string, page: number, clock: number, stored: StoredPage): void;
}

interface Kept {
  clock: number;
  stored: StoredPage;
  bytes: number;
}

/** `budgetBytes` 0 keeps nothing. */
export function createPageCache(budgetBytes: number): PageCache {
  const pages = new Map<string, Kept>();
  let used = 0;
  const drop = (key: string) => {
    const kept = pages.get(key);
    if (kept === undefined) return;
    pages.delete(key);
    used -= kept.bytes;
  };
  return {
    get(walk, page, clock) {
      const key = `${page} ${walk}`;
      const kept = pages.get(key);
      if (kept === undefined) return undefined;
      // Written since: this page will never be given out again.
      if (kept.clock !== clock) {
        drop(key);
        return undefined;
      }
      // Maps iterate in insertion order: put back last, it is now the most recently used.
      pages.delete(key);
      pages.set(key, kept);
      return kept.stored;
    },
    put(walk, page, clock, stored) {
      const key = `${page} ${walk}`;
      drop(key);
      const bytes = stored.parts.reduce((sum, part) => sum + part.length, 0);
      if (budgetBytes === 0 || bytes > budgetBytes) return;
      pages.set(key, { clock, stored, bytes });
      used += bytes;
      for (const oldest of pages.keys()) {
        if (used <= budgetBytes) break;
        drop(oldest);
      }
    },
  };
}
