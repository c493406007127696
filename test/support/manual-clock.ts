// A ServiceClock the test moves by hand: timers fire only when advance() passes their time.
import type { ServiceClock } from "../../src/core/service-clock.ts";

export interface ManualClock extends ServiceClock {
  advance(ms: number): void;
  /** Times (epoch ms) of the timers still waiting. */
  pending(): number[];
}

export function manualClock(start = Date.now()): ManualClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout(run, ms) {
      nextId += 1;
      timers.set(nextId, { at: now + ms, run });
      return nextId;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
      }
      now = until;
    },
    pending: () => [...timers.values()].map((timer) => timer.at),
  };
}
