// Turning whatever went wrong on the wire into an AppError a person can act on. Messages name the
// service's host and, where it helps, the service's own `msg`, scrubbed of any secret we sent.
import type { isNetworkError } from "ky";
import type { ZodError, ZodType } from "zod";
import { errorEnvelopeSchema } from "../../shared/api/error.ts";
import { AppError } from "../../shared/app-error.ts";
import { type DeadlinePhase, type RequestDeadlines, undiciTimeoutPhases } from "./request-deadlines.ts";

/** What a 401 means depends on what was sent: credentials on a login, a token elsewhere. */
export type RequestPurpose = "organisation-login" | "key-login" | "authorised";

export interface FailureContext {
  purpose: RequestPurpose;
  host: string;
  /** Strings that must never be echoed back: the token, a password, an API key. */
  secrets: readonly string[];
}

const localCatalogNote = "lookups keep working from the local catalog.";

export function errorFromStatus(
  status: number,
  body: unknown,
  context: FailureContext & { retryAfterMs?: number },
): AppError {
  const detail = serviceMessage(body, context.secrets);
  const details = { status, retryAfterMs: context.retryAfterMs };
  if (status === 401) return new AppError("unauthorized", unauthorizedMessage(context.purpose), details);
  if (status === 403) {
    const text = "The commerce service does not allow this for the signed-in user, account or role.";
    return new AppError("forbidden", withDetail(text, detail), details);
  }
  if (status === 404)
    return new AppError("not-found", withDetail("The commerce service has no such record.", detail), details);
  if (status === 409) {
    const text = "The commerce service refused this because it conflicts with existing data.";
    return new AppError("conflict", withDetail(text, detail), details);
  }
  if (status === 408) return timeoutError(context.host, details);
  if (status === 429) return new AppError("rate-limited", rateLimitedMessage(context.retryAfterMs), details);
  if (status >= 500) {
    const text = `The commerce service at ${context.host} failed (HTTP ${status}). Try again shortly; ${localCatalogNote}`;
    return new AppError("server", withDetail(text, detail), details);
  }
  const text = `The commerce service refused the request as invalid (HTTP ${status}).`;
  return new AppError("invalid-request", withDetail(text, detail), details);
}

function unauthorizedMessage(purpose: RequestPurpose): string {
  if (purpose === "organisation-login") return "The organisation, username or password is not right.";
  if (purpose === "key-login") {
    return "The account ID or API key is not right, or the key has been revoked. Ask the account owner for a valid key.";
  }
  return "The commerce service refused the session token. Sign in again.";
}

function rateLimitedMessage(retryAfterMs: number | undefined): string {
  const wait = retryAfterMs === undefined ? "a moment" : `${Math.ceil(retryAfterMs / 1000)} s`;
  return `The commerce service is busy with too many requests. Try again in ${wait}.`;
}

/**
 * No response arrived: a refused or broken connection, a deadline kept by undici's own timers.
 * Anything else is a bug and is rethrown. ky's own guard is passed in by the caller that has loaded ky.
 */
export function errorFromTransport(
  error: unknown,
  host: string,
  ky: { isNetworkError: typeof isNetworkError },
  deadlines: RequestDeadlines,
): AppError {
  if (error instanceof AppError) return error;
  if (!ky.isNetworkError(error) && !isBodyCutOff(error)) throw error;
  if (isBlockedPort(error)) {
    return new AppError(
      "offline",
      `Cannot reach the commerce service at ${host}: its port is one that browsers and Node refuse to connect to, for safety. Check the address with whoever runs the service (such as port 443); ${localCatalogNote}`,
    );
  }
  const code = errorCode(error);
  const phase = code === undefined ? undefined : undiciTimeoutPhases.get(code);
  if (phase !== undefined) return deadlineError(host, phase, deadlines[phase]);
  if (code !== undefined && unreachableCodes.has(code)) {
    return new AppError(
      "offline",
      `Cannot reach the commerce service at ${host}. Check the network connection; ${localCatalogNote}`,
    );
  }
  return new AppError(
    "offline",
    `The connection to the commerce service at ${host} broke off. Check the network connection; ${localCatalogNote}`,
  );
}

/**
 * Fetch refuses a few ports outright (the standard's "bad ports", e.g. 1, 25, 6000) before any
 * connection. Unreachable all the same, but the network is not at fault: the address is.
 */
function isBlockedPort(error: unknown): boolean {
  return causesOf(error).some((cause) => cause.message === "bad port");
}

/** Node's fetch says "terminated" when the connection drops while the body is read; ky does not wrap that. */
function isBodyCutOff(error: unknown): boolean {
  return error instanceof TypeError && error.message === "terminated";
}

const unreachableCodes = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** The error and the errors it wraps: Node's fetch puts the socket's one or two levels deep in `cause`. */
function causesOf(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; current instanceof Error && !chain.includes(current); current = current.cause)
    chain.push(current);
  return chain;
}

function errorCode(error: unknown): string | undefined {
  const code = causesOf(error)
    .map((cause) => (cause as { code?: unknown }).code)
    .find((value) => typeof value === "string");
  return code as string | undefined;
}

function timeoutError(host: string, details: { status?: number }): AppError {
  return new AppError(
    "timeout",
    `The commerce service at ${host} did not answer in time. Try again; ${localCatalogNote}`,
    details,
  );
}

const missedPhase: Record<DeadlinePhase, (host: string, seconds: string) => string> = {
  connectMs: (host, seconds) => `No connection to the commerce service at ${host} within ${seconds} s.`,
  firstByteMs: (host, seconds) =>
    `The commerce service at ${host} took a connection but did not start answering within ${seconds} s.`,
  wholeAnswerMs: (host, seconds) =>
    `The commerce service at ${host} did not send its whole answer within ${seconds} s (it stalled or sent it too slowly).`,
};

/** A request that missed one of its deadlines (see request-deadlines.ts); retried like any timeout. */
export function deadlineError(host: string, phase: DeadlinePhase, ms: number): AppError {
  const seconds = String(Math.round(ms / 100) / 10);
  return new AppError(
    "timeout",
    `${missedPhase[phase](host, seconds)} Check the network connection or try again later; ${localCatalogNote}`,
  );
}

export function invalidResponse(detail: string): AppError {
  return new AppError(
    "invalid-response",
    `The commerce service sent an answer this app does not understand (${detail}).`,
  );
}

/** Parses a response body at the edge; a mismatch with the contract is the service's fault. */
export function parseResponse<T>(schema: ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidResponse(`${what}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** Paths and messages only: zod messages name the expected type, never the received value. */
export function describeIssues(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

function serviceMessage(body: unknown, secrets: readonly string[]): string | undefined {
  const parsed = errorEnvelopeSchema.safeParse(body);
  const msg = parsed.success ? parsed.data.msg : undefined;
  if (!msg) return undefined;
  const redacted = secrets
    .filter((secret) => secret !== "")
    .reduce((text, secret) => text.split(secret).join("[hidden]"), msg);
  return redacted.length > 200 ? `${redacted.slice(0, 200)}…` : redacted;
}

function withDetail(text: string, detail: string | undefined): string {
  return detail ? `${text} The service said: ${detail}` : text;
}
