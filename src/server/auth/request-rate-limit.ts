// An optional limit on requests per account (`--rate-limit N`: N a second), as real commerce services
// have: past it, a request answers 429 with `retry-after` before any work is done. Every request with
// a valid token counts against the token's account; a refused one does not, so a client that comes
// back too early is not held off for longer. Sign-ins are not counted: the login throttle watches those.

import { retryLater } from "../http/http-error.ts";
import { createFailureWindow } from "./failure-window.ts";

export interface RequestRateLimit {
  /** Counts one request of `account`, or throws the 429 when the account has used up this second. */
  take(account: string): void;
}

const windowMs = 1000;

/** `perSecond` null: no limit. */
export function createRequestRateLimit(perSecond: number | null, clock: () => number): RequestRateLimit {
  if (perSecond === null) return { take() {} };
  if (!Number.isInteger(perSecond) || perSecond < 1) {
    throw new RangeError("the request rate limit must be a positive whole number");
  }
  // The sliding window the login throttle counts failures in; here every request is an event.
  const requests = createFailureWindow({ limit: perSecond, windowMs, clock });
  return {
    take(account) {
      const waitMs = requests.waitMs(account);
      if (waitMs > 0) {
        throw retryLater(
          429,
          `Too many requests for this account: at most ${perSecond} a second. Try again in a moment.`,
          waitMs / 1000,
        );
      }
      requests.recordFailure(account);
    },
  };
}
