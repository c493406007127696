// Every node deletes the throttle counters whose window has ended, once a minute, so the table holds only
// the keys counted lately however many addresses and names have been tried. Several nodes sweeping at once
// delete the same rows; that is harmless.
import type { ServiceDatabase } from "./database.ts";
import { sweepExpiredCounts } from "./throttle-counts.ts";

const sweepEveryMs = 60_000;

export function sweepThrottleCounts(db: ServiceDatabase, clock: () => number): { stop(): void } {
  const timer = setInterval(() => {
    sweepExpiredCounts(db, clock()).catch((error: unknown) => {
      process.stderr.write(`could not sweep expired throttle counts: ${String(error)}\n`);
    });
  }, sweepEveryMs);
  // A sweep is housekeeping: it never keeps the process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
