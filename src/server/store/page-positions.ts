// Where recently served pages ended. Page N is defined as OFFSET N * size, which makes late pages of a big
// catalog count past every earlier row; when the same walk's page N - 1 was served and no product has been
// written since, page N continues after that page's last (cursor field, id) instead: the same rows, found
// by index seek. Any product write forgets every position, so an answer never differs from OFFSET's.
import type { PageEdge } from "../http/pagination.ts";

export interface PagePositions {
  /** Changes whenever a product write begins; compare before and after a read to know it saw no write. */
  generation(): number;
  /** Where page `page - 1` of this walk ended, when it is known and still valid. */
  endBefore(walk: string, page: number): PageEdge | undefined;
  /** Records where `page` ended, unless a write began since `seenGeneration`. */
  remember(walk: string, page: number, end: PageEdge, seenGeneration: number): void;
  /** Called at the start of every product write, inside its transaction. */
  forget(): void;
}

export function createPagePositions(capacity = 1000): PagePositions {
  let generation = 0;
  const ends = new Map<string, PageEdge>();
  return {
    generation: () => generation,
    endBefore: (walk, page) => ends.get(`${page - 1} ${walk}`),
    remember(walk, page, end, seenGeneration) {
      if (seenGeneration !== generation) return;
      ends.set(`${page} ${walk}`, end);
      // Maps iterate in insertion order: the first key is the oldest position.
      if (ends.size > capacity) ends.delete(ends.keys().next().value as string);
    },
    forget() {
      generation += 1;
      ends.clear();
    },
  };
}
