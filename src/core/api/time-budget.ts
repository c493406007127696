// One overall limit on a sync attempt, a sign-in or a change of address. Every request inside it
// keeps its own deadlines (request-deadlines.ts), but none runs past the limit, and a retry that
// could not finish inside it is not started: a service that takes connections and never answers
// ends the whole thing in time instead of once per request and retry.
//
// A sign-in or a change of address is a few requests: its limit counts from its start. A sync is as
// many pages as the catalog needs (a first sync of a million products takes minutes on a till), so
// its limit counts from the service's last whole answer: a sync that keeps receiving pages goes on,
// one the service stops answering gives up the limit after its last answer.
import { AppError } from "../../shared/app-error.ts";
import type { ServiceWait } from "../../shared/catalog/service-wait.ts";

export type LimitedWork = "sync" | "sign-in" | "move";

export interface TimeBudget {
  readonly work: LimitedWork;
  readonly totalMs: number;
  /** Milliseconds left, never below zero. */
  remainingMs(): number;
  /**
   * Told while a request inside waits on a silent service; null once an answer came whole (which
   * starts a sync's limit again).
   */
  tell(wait: ServiceWait | null): void;
  /**
   * When the service went silent: the sending of the first request since its last whole answer
   * (`at`, if none is waiting yet). A retry's wait counts on from the try before it.
   */
  silentSince(at: number): number;
}

/** Waits told closer together than this are one wait. */
const sameWaitMs = 400;

export function startTimeBudget(options: {
  work: LimitedWork;
  totalMs: number;
  now: () => number;
  onWaiting?: (wait: ServiceWait | null) => void;
}): TimeBudget {
  let endsAt = options.now() + options.totalMs;
  const renewsOnAnswer = options.work === "sync";
  let waiting = false;
  let toldAt = Number.NEGATIVE_INFINITY;
  let silentSince: number | null = null;
  return {
    work: options.work,
    totalMs: options.totalMs,
    remainingMs: () => Math.max(0, endsAt - options.now()),
    tell(wait) {
      if (wait === null) {
        silentSince = null;
        if (renewsOnAnswer) endsAt = options.now() + options.totalMs;
      }
      // "The wait is over" is said once, and only after a wait was.
      if (wait === null && !waiting) return;
      // Requests sent together (a sync's two counts and first page) wait together: said once.
      if (wait !== null && options.now() - toldAt < sameWaitMs) return;
      waiting = wait !== null;
      toldAt = wait === null ? Number.NEGATIVE_INFINITY : options.now();
      options.onWaiting?.(wait);
    },
    silentSince(at) {
      silentSince ??= at;
      return silentSince;
    },
  };
}

/**
 * Whether a retry after `delayMs` still fits: the budget must then hold at least the request's
 * first-byte deadline, or the retry could not even learn whether the service answers at all.
 */
export function retryFits(budget: TimeBudget, delayMs: number, firstByteMs: number): boolean {
  return budget.remainingMs() - delayMs >= firstByteMs;
}

const whatGaveUp: Record<LimitedWork, (seconds: number) => string> = {
  sync: (seconds) =>
    `within the ${seconds} s a sync may take, so the sync gave up. Lookups keep working from the local catalog; the next sync continues where this one stopped.`,
  "sign-in": (seconds) =>
    `within the ${seconds} s a sign-in may take. Check the service address and the network connection, then sign in again.`,
  move: (seconds) =>
    `within the ${seconds} s allowed for checking a new address. Check the address and the network connection, then try again.`,
};

/** The budget ran out while a request was still waiting on the service. */
export function budgetSpentError(host: string, budget: TimeBudget): AppError {
  const seconds = Math.round(budget.totalMs / 1000);
  return new AppError(
    "timeout",
    `The commerce service at ${host} is not answering: it did not answer ${whatGaveUp[budget.work](seconds)}`,
  );
}
