// When a failed request is worth sending again, and how long to wait first.
import { setTimeout as sleepWithSignal } from "node:timers/promises";
import { AppError, type ErrorKind } from "../../shared/app-error.ts";
import { cancelledError, throwIfCancelled } from "../cancellation.ts";

export interface RetryOptions {
  /** Total tries, the first one included. */
  attempts: number;
  baseDelayMs: number;
  /** Ceiling of the exponential backoff. */
  maxDelayMs: number;
  /** Longest `retry-after` we wait out; beyond it the error goes to the caller, who can schedule. */
  maxRetryAfterMs: number;
}

export const defaultRetryOptions: RetryOptions = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) => sleepWithSignal(ms, undefined, { signal });

// Failures that say nothing about the request itself: the same request may well succeed later.
// Other 4xx answers would only be refused again.
const transientKinds: ReadonlySet<ErrorKind> = new Set([
  "offline",
  "timeout",
  "server",
  "rate-limited",
  "invalid-response",
]);

/** Full jitter: a uniform wait below the exponential ceiling, so tills that failed together spread out. */
function backoffMs(retry: number, options: RetryOptions, random: () => number): number {
  return random() * Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
}

/**
 * The wait before retry number `retry` (0-based), or null when this error must not be retried. A
 * `retry-after` is honoured and the jittered backoff added on top: tills that were all told "in one
 * second" would otherwise all come back in that same instant and be refused together again.
 */
function retryDelayMs(
  error: AppError,
  retry: number,
  options: RetryOptions,
  random: () => number,
): number | null {
  if (retry + 1 >= options.attempts || !transientKinds.has(error.kind)) return null;
  if (error.retryAfterMs === undefined) return backoffMs(retry, options, random);
  return error.retryAfterMs <= options.maxRetryAfterMs
    ? error.retryAfterMs + backoffMs(retry, options, random)
    : null;
}

/** `retry-after` is either delay seconds or an HTTP date. */
export function parseRetryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export async function withRetries<T>(
  attempt: () => Promise<T>,
  deps: {
    options: RetryOptions;
    random: () => number;
    sleep: Sleep;
    signal?: AbortSignal;
    /** Whether a retry after this wait could still finish inside the overall limit (time-budget.ts). */
    retryFits?: (delayMs: number) => boolean;
  },
): Promise<T> {
  for (let retry = 0; ; retry++) {
    throwIfCancelled(deps.signal);
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const delay = retryDelayMs(error, retry, deps.options, deps.random);
      if (delay === null || deps.retryFits?.(delay) === false) throw error;
      await sleepUnlessCancelled(deps.sleep, delay, deps.signal);
    }
  }
}

async function sleepUnlessCancelled(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch (error) {
    if (signal?.aborted) throw cancelledError();
    throw error;
  }
  throwIfCancelled(signal);
}
