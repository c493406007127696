// How long one request to the commerce service may take, phase by phase. A proxy, a captive portal or
// an overloaded gateway can accept a connection and then answer nothing, or answer one byte at a
// time for ever: without a deadline on the whole answer such a request holds the sync, and the one
// sync slot, until the till restarts.
import { defaultRequestTimeouts, type RequestTimeouts } from "../../shared/settings/app-settings.ts";
export interface RequestDeadlines {
  /** Until the connection to the service is open (TCP, and TLS for https). */
  connectMs: number;
  /** From sending the request until the answer starts (its status line and headers). */
  firstByteMs: number;
  /** From sending the request until the answer's last byte: a body that keeps trickling ends here. */
  wholeAnswerMs: number;
}

/** The settings' timeouts (seconds, as a person sets them) as deadlines. */
export function deadlinesOf(timeouts: RequestTimeouts): RequestDeadlines {
  return {
    connectMs: timeouts.connectSeconds * 1000,
    firstByteMs: timeouts.firstByteSeconds * 1000,
    wholeAnswerMs: timeouts.wholeAnswerSeconds * 1000,
  };
}

export const defaultDeadlines: RequestDeadlines = deadlinesOf(defaultRequestTimeouts);

export type DeadlinePhase = keyof RequestDeadlines;

export interface AttemptDeadlines {
  /** Aborted when a deadline passes or the caller cancels. */
  signal: AbortSignal;
  /** The answer has started: only the whole-answer deadline still runs. */
  answerStarted(): void;
  /** The deadline that ended the attempt, if one did: "limit" is the overall one (time-budget.ts). */
  missed(): DeadlinePhase | "limit" | null;
  /** Stops the timers; call once the attempt is over, however it ended. */
  finish(): void;
}

/**
 * The first-byte and whole-answer deadlines of one attempt, as timers over an abort signal, and the
 * time left of the overall limit it runs inside (`limitMs`), if any.
 */
export function startAttemptDeadlines(
  deadlines: RequestDeadlines,
  caller?: AbortSignal,
  limitMs?: number,
): AttemptDeadlines {
  const controller = new AbortController();
  let missed: DeadlinePhase | "limit" | null = null;
  const expire = (phase: DeadlinePhase | "limit", ms: number) =>
    setTimeout(() => {
      missed = phase;
      controller.abort();
    }, ms);
  const firstByte = expire("firstByteMs", deadlines.firstByteMs);
  const wholeAnswer = expire("wholeAnswerMs", deadlines.wholeAnswerMs);
  const limit = limitMs === undefined ? undefined : expire("limit", limitMs);
  const cancel = () => controller.abort(caller?.reason);
  if (caller?.aborted) cancel();
  caller?.addEventListener("abort", cancel, { once: true });
  return {
    signal: controller.signal,
    answerStarted: () => clearTimeout(firstByte),
    missed: () => missed,
    finish() {
      clearTimeout(firstByte);
      clearTimeout(wholeAnswer);
      clearTimeout(limit);
      caller?.removeEventListener("abort", cancel);
    },
  };
}

/**
 * undici's codes for its own timers (connection-pool.ts), set to the same deadlines as ours: which of
 * the two fires first is a matter of a few milliseconds, so either names the same missed phase.
 */
export const undiciTimeoutPhases: ReadonlyMap<string, DeadlinePhase> = new Map([
  ["UND_ERR_CONNECT_TIMEOUT", "connectMs"],
  ["UND_ERR_HEADERS_TIMEOUT", "firstByteMs"],
  ["UND_ERR_BODY_TIMEOUT", "wholeAnswerMs"],
]);
