// Says, while one request waits, that the service is not answering: from the moment the request is
// on the connection, every few seconds until the answer is whole or the attempt is over. A till that
// only showed "syncing" while a proxy held its request for minutes left the cashier guessing.
import type { ServiceWait } from "../../shared/catalog/service-wait.ts";
import type { RequestDeadlines } from "./request-deadlines.ts";
import type { TimeBudget } from "./time-budget.ts";

export interface WaitNotices {
  /** The request is on the connection: the waiting starts. */
  sent(): void;
  /** The answer's headers are in: from now on the wait is for the rest of it. */
  answerStarted(): void;
  /** The answer came whole: the service answers again. */
  answered(): void;
  /** The attempt is over, however it ended; a failed one leaves its notice until the next answer. */
  stop(): void;
}

/**
 * Every 10 s, or sooner when the deadlines are short (half the first-byte deadline), so a notice
 * always comes before a deadline gives the request up.
 */
export function noticeIntervalMs(deadlines: RequestDeadlines): number {
  return Math.max(500, Math.min(10_000, deadlines.firstByteMs / 2));
}

export function startWaitNotices(options: {
  host: string;
  budget: TimeBudget;
  everyMs: number;
  now: () => number;
}): WaitNotices {
  const { budget, now } = options;
  let silentSince: number | null = null;
  let phase: ServiceWait["phase"] = "no-answer";
  let timer: NodeJS.Timeout | undefined;
  const tell = () => {
    budget.tell({
      host: options.host,
      phase,
      waitedSeconds: Math.round((now() - (silentSince ?? now())) / 1000),
      giveUpSeconds: Math.ceil(budget.remainingMs() / 1000),
    });
  };
  return {
    sent() {
      if (silentSince !== null) return;
      silentSince = budget.silentSince(now());
      timer = setInterval(tell, options.everyMs);
      // A notice never keeps a finished process alive.
      timer.unref();
    },
    answerStarted() {
      phase = "unfinished";
    },
    answered() {
      budget.tell(null);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
