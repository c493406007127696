// An optional limit on requests per account (`--rate-limit N`: N a second), as real commerce services
// have: past it, a request answers 429 with `retry-after` before any work is done. Every request with
// a valid token counts against the token's account, in one counter every node shares (one upsert per
// counted request, throttle-counts.ts), so N nodes together allow exactly N a second; a refused one does
// not count, so a client that comes back too early is not held off for longer. Sign-ins are not counted:
// the login throttle watches those.
import { retryLater } from "../http/http-error.ts";
import type { ServiceDatabase } from "../store/database.ts";
import { takePoint } from "../store/throttle-counts.ts";

export interface RequestRateLimit {
  /** Counts one request of `account`, or throws the 429 when the account has used up this second. */
  take(account: string): Promise<void>;
}

const windowMs = 1000;

/** `perSecond` null: no limit. */
export function createRequestRateLimit(
  db: ServiceDatabase,
  perSecond: number | null,
  clock: () => number,
): RequestRateLimit {
  if (perSecond === null) return { take: async () => undefined };
  if (!Number.isInteger(perSecond) || perSecond < 1) {
    throw new RangeError("the request rate limit must be a positive whole number");
  }
  return {
    async take(account) {
      const now = clock();
      const result = await takePoint(db, `rate ${account}`, { limit: perSecond, windowMs }, now);
      if (!result.taken) {
        throw retryLater(
          429,
          `Too many requests for this account: at most ${perSecond} a second. Try again in a moment.`,
          Math.max(result.expiresAt - now, 1) / 1000,
        );
      }
    },
  };
}
