// Errors are values with a kind the code can branch on and a message a cashier or manager can act on.

/** Every kind, as a list, so contracts (IPC) can validate a kind that crossed a boundary. */
export const errorKinds = [
  "offline", // the service could not be reached
  "timeout", // the service did not answer in time
  "unauthorized", // credentials or token refused
  "sign-in-required", // no usable session and no stored credentials
  "forbidden", // signed in, but this account or role may not do this
  "not-found",
  "conflict",
  "invalid-request", // the request was refused as malformed (a bug or a bad argument)
  "rate-limited",
  "server", // the service failed (5xx)
  "invalid-response", // the service answered something that does not follow the contract
  "cancelled",
  "storage", // the local catalog database could not be used
  "disk-full", // the disk holding the data directory has no space left
  "read-only", // the data directory cannot be written (read-only disk or no permission)
  "not-a-directory", // the data directory (or a folder in it) is a file
  "damaged", // the catalog file is corrupt; it has been set aside
  "invalid-input", // a person typed something unusable
  "internal", // a fault inside the app itself (a bug, a crashed worker)
] as const;

export type ErrorKind = (typeof errorKinds)[number];

export class AppError extends Error {
  readonly kind: ErrorKind;
  /** HTTP status, when the error came from a response. */
  readonly status: number | undefined;
  /** How long the service asked us to wait before trying again. */
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = "AppError";
    this.kind = kind;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }
}

export function isAppError(error: unknown, kind?: ErrorKind): error is AppError {
  return error instanceof AppError && (kind === undefined || error.kind === kind);
}
