// The overall time limits of the work this thread does with the service: a sign-in, a change of
// address, and a sync when it runs here (the CLI's). Each runs inside its own budget, which every
// API client made meanwhile is given, so the requests and retries of that work share one limit. A
// sync in a worker starts its budget there (sync-worker.ts). Waits on a silent service go to the
// status and the host.
import type { ServiceWait } from "../../shared/catalog/service-wait.ts";
import type { TimeLimits } from "../../shared/settings/app-settings.ts";
import { type LimitedWork, startTimeBudget, type TimeBudget } from "../api/time-budget.ts";

export interface ServiceLimits {
  /** The budget of the work running now, for the clients it makes; undefined when none runs. */
  current(): TimeBudget | undefined;
  /** Runs `work` inside a new budget of its kind. */
  within<T>(work: LimitedWork, run: () => Promise<T>): Promise<T>;
  /** Milliseconds for a kind of work: a change of address is held to the sign-in's limit. */
  limitMs(work: LimitedWork): number;
  /** A wait on the service (or its end) to show, from a budget here or a sync worker's. */
  note(wait: ServiceWait | null): void;
  /** The wait shown now; null when nothing waits on the service. */
  waiting(): ServiceWait | null;
}

export function createServiceLimits(deps: {
  limits: () => TimeLimits;
  now: () => number;
  /** The host's listener, if any. */
  onWaiting?: (wait: ServiceWait | null) => void;
  /** The wait shown has changed: the status is to be read again. */
  onChange: () => void;
}): ServiceLimits {
  let current: TimeBudget | undefined;
  let waiting: ServiceWait | null = null;
  const note = (wait: ServiceWait | null) => {
    if (wait === null && waiting === null) return;
    waiting = wait;
    deps.onWaiting?.(wait);
    deps.onChange();
  };
  const limitMs = (work: LimitedWork) => {
    const limits = deps.limits();
    return (work === "sync" ? limits.syncSeconds : limits.signInSeconds) * 1000;
  };
  return {
    current: () => current,
    limitMs,
    note,
    waiting: () => waiting,
    async within(work, run) {
      const budget = startTimeBudget({
        work,
        totalMs: limitMs(work),
        now: deps.now,
        onWaiting: note,
      });
      current = budget;
      try {
        return await run();
      } finally {
        if (current === budget) current = undefined;
        note(null);
      }
    },
  };
}
