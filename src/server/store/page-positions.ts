// Where recently served pages ended. Page N is defined as OFFSET N * size, which makes late pages of a big
// catalog count past every earlier row; when the same walk's page N - 1 was served and nothing has been
// written since, page N continues after that page's last (cursor field, id) instead: the same rows, found
// by index seek. "Nothing written since" is judged by the database's write clock (write-clock.ts), which
// every write on every node moves, so a position remembered here is never used after a write made
// through another node either: an answer never differs from OFFSET's.
import type { PageEdge } from "../http/pagination.ts";

export interface PagePositions {
  /** Where page `page - 1` of this walk ended, if remembered while the write clock read `clock`. */
  endBefore(walk: string, page: number, clock: number): PageEdge | undefined;
  /** Records where `page` ended, read while the write clock read `clock` (read before the page). */
  remember(walk: string, page: number, end: PageEdge, clock: number): void;
}

export function createPagePositions(capacity = 1000): PagePositions {
  const ends = new Map<string, { end: PageEdge; clock: number }>();
  return {
    endBefore(walk, page, clock) {
      const known = ends.get(`${page - 1} ${walk}`);
      return known?.clock === clock ? known.end : undefined;
    },
    remember(walk, page, end, clock) {
      const key = `${page} ${walk}`;
      ends.delete(key);
      ends.set(key, { end, clock });
      // Maps iterate in insertion order: the first key is the oldest position.
      if (ends.size > capacity) ends.delete(ends.keys().next().value as string);
    },
  };
}
