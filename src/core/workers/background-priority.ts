// Background workers give the CPU to the cashier first: each worker thread lowers its own scheduling
// priority, so on a busy two-core till the thread answering scans runs before the sync's writes and
// the picture run, instead of taking turns with them (docs/benchmarks.md, "Scans during background
// work"). The scan gate (scan-gate.ts) pauses a worker between batches; this covers the time inside
// a batch and the moments another process holds the other core.
//
// Only on Linux, where a thread has its own nice value: there `setPriority` with no process id lowers
// the calling thread alone. On Windows and macOS the same call lowers the whole process, the thread
// answering scans with it, so there a worker thread keeps its priority. A worker in a process of its
// own lowers the whole of it, on every system.
import { readdirSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** A background thread's nice value: below normal work, above what the system itself idles with. */
export const backgroundNice = 10;

/** Lowers the calling thread's priority where that touches no other thread; true if it did. */
export function lowerThisThreadsPriority(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== "linux") return false;
  try {
    if (getPriority() < backgroundNice) setPriority(backgroundNice);
    return true;
  } catch {
    // A sandbox may forbid it; the worker still runs, at normal priority.
    return false;
  }
}

/**
 * Lowers this whole process: a worker in a process of its own, where nothing answers scans. On Linux
 * each thread has its own nice value and a new thread takes its creator's, so every thread already
 * running (V8's and libuv's helpers, started before this code) is lowered one by one; elsewhere one
 * call lowers the process. True if it did.
 */
export function lowerThisProcessPriority(platform: NodeJS.Platform = process.platform): boolean {
  try {
    if (platform !== "linux") {
      if (getPriority() < backgroundNice) setPriority(backgroundNice);
      return true;
    }
    for (const thread of readdirSync("/proc/self/task").map(Number)) {
      if (getPriority(thread) < backgroundNice) setPriority(thread, backgroundNice);
    }
    return true;
  } catch {
    // A sandbox may forbid it, or a thread may end while this walks them; the worker still runs.
    return false;
  }
}
