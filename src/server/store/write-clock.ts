// Every write gets an instant strictly after the previous write's, even when the clock stands still or
// steps back, so a changed record always moves to the end of the updated_at order a client syncs by.

export interface WriteClock {
  /** Epoch milliseconds for the next write. */
  next(): number;
  /** Writes made around the clock (the demo catalog's seeding) went up to `ms`: later ones follow it. */
  passed(ms: number): void;
}

export function createWriteClock(clock: () => number, lastWriteMs: number): WriteClock {
  let last = lastWriteMs;
  return {
    next() {
      last = Math.max(clock(), last + 1);
      return last;
    },
    passed(ms) {
      last = Math.max(last, ms);
    },
  };
}
