// A refusal with its HTTP status, thrown by handlers and turned into the error envelope in one place.
import type { ErrorDetail } from "../../shared/api/error.ts";

export class HttpError extends Error {
  readonly status: number;
  readonly errors: ErrorDetail[];
  /** Extra top-level fields some errors carry, e.g. `name` and `results` of a barcode collision. */
  readonly extra: Record<string, unknown>;
  /** Response headers the refusal needs, e.g. `retry-after`. */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    errors: ErrorDetail[] = [],
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.errors = errors.length > 0 ? errors : [{ id: errorId(status), label: message }];
    this.extra = extra;
    this.headers = headers;
  }
}

/** A refusal that tells the caller when to come back: 429 or 503 with `retry-after` in whole seconds. */
export function retryLater(status: 429 | 503, message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(
    status,
    message,
    [],
    {},
    {
      "retry-after": String(Math.max(0, Math.ceil(retryAfterSeconds))),
    },
  );
}

const idsByStatus: Record<number, string> = {
  400: "bad_request",
  408: "request_timeout",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  414: "uri_too_long",
  415: "unsupported_media_type",
  429: "rate_limited",
  431: "headers_too_large",
  500: "internal_error",
  503: "unavailable",
};

function errorId(status: number): string {
  return idsByStatus[status] ?? `http_${status}`;
}
