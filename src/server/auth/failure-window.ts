// A sliding-window count of failures per key: a key that failed `limit` times within the last `windowMs`
// must wait until the oldest of those failures leaves the window. Only failures are counted.

interface FailureWindowOptions {
  limit: number;
  windowMs: number;
  clock: () => number;
  /** Keys remembered at most; past it the stalest are forgotten first, so memory stays bounded. */
  maxKeys?: number;
}

export interface FailureWindow {
  /** Milliseconds until `key` may try again; 0 when it may now. */
  waitMs(key: string): number;
  /** Counts a failure of `key` now and returns its instant, to `forgive` should it turn out a success. */
  recordFailure(key: string): number;
  forgive(key: string, at: number): void;
}

export function createFailureWindow(options: FailureWindowOptions): FailureWindow {
  const { limit, windowMs, clock } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  /** Failure instants per key, oldest first, at most `limit` of them (older ones no longer matter). */
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const kept = (failures.get(key) ?? []).filter((at) => at > now - windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  const makeRoom = (now: number): void => {
    for (const key of failures.keys()) recent(key, now);
    // Still full of live keys: forget the ones least recently failed (a Map iterates in insertion order).
    for (const key of failures.keys()) {
      if (failures.size < maxKeys) break;
      failures.delete(key);
    }
  };

  return {
    waitMs(key) {
      const now = clock();
      const kept = recent(key, now);
      if (kept.length < limit) return 0;
      return (kept[kept.length - limit] as number) + windowMs - now;
    },
    recordFailure(key) {
      const now = clock();
      const kept = recent(key, now);
      failures.delete(key);
      if (failures.size >= maxKeys) makeRoom(now);
      failures.set(key, [...kept, now].slice(-limit));
      return now;
    },
    forgive(key, at) {
      const kept = failures.get(key) ?? [];
      const index = kept.indexOf(at);
      if (index >= 0) kept.splice(index, 1);
    },
  };
}
