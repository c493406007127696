// One HTTP exchange with the commerce service: send, read the whole body within the deadlines, parse
// JSON, or fail with an AppError. Retries live in retry-policy.ts, not in ky: waits must use the
// injected sleep, and a body that breaks off, stalls or is not JSON must be retried too, which ky's
// retry cannot see. ky's own timeout is off: it stops at the headers, and a trickling body is the
// case that matters.
import type { KyInstance } from "ky";
import { cancelledError } from "../cancellation.ts";
import { readTextUntilAborted, untilAborted } from "./abortable-answer.ts";
import {
  deadlineError,
  errorFromStatus,
  errorFromTransport,
  invalidResponse,
  type RequestPurpose,
} from "./api-errors.ts";
import type { ConnectionPool } from "./connection-pool.ts";
import { type RequestDeadlines, startAttemptDeadlines } from "./request-deadlines.ts";
import { parseRetryAfterMs } from "./retry-policy.ts";
import { budgetSpentError, type TimeBudget } from "./time-budget.ts";
import { noticeIntervalMs, startWaitNotices } from "./wait-notices.ts";

export interface JsonRequest {
  method: "get" | "post";
  /** A path relative to the base URL, or an absolute URL the service handed out (a cursor). */
  url: string;
  purpose: RequestPurpose;
  token?: string;
  json?: unknown;
  searchParams?: Record<string, string>;
  headers?: Record<string, string>;
  /** Values sent in the body that must never be echoed in an error (password, API key). */
  secrets?: string[];
  /** Told when the attempt's request has been written to the connection, or the attempt is over. */
  onSent?: () => void;
}

/** A parsed answer, and the service's own time from its Date header (null when absent or unreadable). */
export interface JsonReply {
  body: unknown;
  serverTimeMs: number | null;
}

type Ky = typeof import("ky");
// ky probes the platform when it is imported by building a Request, which loads all of Node's fetch:
// a tenth of a lookup's start-up. Only a request needs it, so the first request loads it.
let kyModule: Promise<Ky> | undefined;
function loadKy(): Promise<Ky> {
  kyModule ??= import("ky");
  return kyModule;
}

export type SendJson = (request: JsonRequest, signal?: AbortSignal) => Promise<JsonReply>;

export function createJsonSender(options: {
  baseUrl: string;
  fetch: typeof fetch;
  deadlines: RequestDeadlines;
  clock: () => number;
  connections: ConnectionPool;
  /** The overall limit every attempt runs inside, and is told of waits; none when absent. */
  budget?: TimeBudget;
}): SendJson {
  const { deadlines, budget } = options;
  const base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
  let api: KyInstance | undefined;

  return async (request, signal) => {
    const secrets = [...(request.secrets ?? []), ...(request.token ? [request.token] : [])];
    const context = { purpose: request.purpose, host: base.host, secrets };
    let text: string;
    let serverTimeMs: number | null;
    const ky = await loadKy();
    api ??= ky.default.create({
      baseUrl: base,
      timeout: false,
      retry: 0,
      headers: { accept: "application/json" },
    });
    const attempt = startAttemptDeadlines(deadlines, signal, budget?.remainingMs());
    const notices =
      budget === undefined
        ? null
        : startWaitNotices({
            host: base.host,
            budget,
            everyMs: noticeIntervalMs(deadlines),
            now: options.clock,
          });
    const onSent =
      notices === null
        ? request.onSent
        : () => {
            notices.sent();
            request.onSent?.();
          };
    try {
      const dispatcher = await options.connections.dispatcher(deadlines, onSent);
      const answer = api(request.url, {
        method: request.method,
        json: request.json,
        searchParams: request.searchParams,
        headers: {
          ...request.headers,
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        },
        signal: attempt.signal,
        // The pool is chosen per request: the deadlines and the sent signal are this attempt's.
        fetch: (input, init) => options.fetch(input, { ...init, dispatcher } as RequestInit),
      });
      const response = await untilAborted(answer, attempt.signal);
      attempt.answerStarted();
      notices?.answerStarted();
      text = await readTextUntilAborted(response, attempt.signal);
      notices?.answered();
      const date = Date.parse(response.headers.get("date") ?? "");
      serverTimeMs = Number.isNaN(date) ? null : date;
    } catch (error) {
      if (signal?.aborted) throw cancelledError();
      const missed = attempt.missed();
      if (missed === "limit" && budget !== undefined) throw budgetSpentError(base.host, budget);
      if (missed !== null && missed !== "limit") throw deadlineError(base.host, missed, deadlines[missed]);
      if (!ky.isHTTPError(error)) throw errorFromTransport(error, base.host, ky, deadlines);
      const retryAfterMs = parseRetryAfterMs(error.response.headers.get("retry-after"), options.clock());
      throw errorFromStatus(error.response.status, error.data, { ...context, retryAfterMs });
    } finally {
      notices?.stop();
      attempt.finish();
      request.onSent?.();
    }
    try {
      return { body: JSON.parse(text), serverTimeMs };
    } catch {
      throw invalidResponse("the body is not complete JSON");
    }
  };
}
