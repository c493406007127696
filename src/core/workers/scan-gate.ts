// Scans first: the main thread counts the lookups it is answering in memory shared with the sync and
// picture workers, and those pause between two short batches of their work while the count is not
// zero. On a till of two cores, a worker that keeps its core while a scan waits for one costs the
// cashier the scan's latency (docs/benchmarks.md); a paused worker hands its core over.
//
// A pause is bounded: a scanner held down, or a host scanning without end, slows the background
// work but never stops it.

/** Atomics.waitAsync (Node 22, ES2024; the project's lib names ES2023). */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
  timeoutMs: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/**
 * The longest one pause lasts, the scan's own goal: a scan that has not been answered by then waits
 * for something else than this worker's core (a machine busy with other work), and holding the
 * worker longer only slows the sync. With 50 ms, a full sync of 100k under a scan every 2 ms took
 * 19-21 s instead of 7 s on a busy machine (docs/benchmarks.md).
 */
const longestPauseMs = 5;

export interface ScanGate {
  /** The shared count, for a worker's job: shared, not copied, when posted. */
  readonly buffer: SharedArrayBuffer;
  /** Runs a scan's work with the count raised. */
  scanning<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once no scan is being answered (at once, usually), or after the longest pause. */
  clear(): Promise<void>;
}

/** `pauseMs`: the longest pause, given longer by a test that must not race a 5 ms timer. */
export function scanGate(
  buffer: SharedArrayBuffer = new SharedArrayBuffer(4),
  pauseMs: number = longestPauseMs,
): ScanGate {
  const count = new Int32Array(buffer);
  return {
    buffer,
    async scanning(work) {
      Atomics.add(count, 0, 1);
      try {
        return await work();
      } finally {
        // The last scan out wakes the workers waiting at the gate.
        if (Atomics.sub(count, 0, 1) === 1) Atomics.notify(count, 0);
      }
    },
    async clear() {
      const until = performance.now() + pauseMs;
      for (let seen = Atomics.load(count, 0); seen !== 0; seen = Atomics.load(count, 0)) {
        const left = until - performance.now();
        if (left <= 0) return;
        const wait = waitAsync(count, 0, seen, left);
        if (wait.async) await wait.value;
      }
    },
  };
}
