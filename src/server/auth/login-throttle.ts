// Failed logins are counted per organisation + username and per client address, each in a fixed window
// that starts at the first counted failure (throttle-counts.ts: one row per key in the database, so every
// node counts against the same limit). Past either limit every login of that user or client answers 429
// with `retry-after` before any password is checked, the right one included: the answer is the same
// whether or not the user exists, and a throttled guess learns nothing. An attempt counts as failed from
// the moment it is admitted until it succeeds, so a burst of parallel guesses cannot all slip in before
// the first one fails, on one node or on many; a success is then forgiven and never counted.
import { createHash } from "node:crypto";
import { retryLater } from "../http/http-error.ts";
import type { ServiceDatabase } from "../store/database.ts";
import { type CountWindow, givePoint, takePoint } from "../store/throttle-counts.ts";
import { clientKey } from "./client-address.ts";
import type { LoginThrottleOptions } from "./login-throttle-options.ts";

/** Who a login attempt counts against: its client address, and for an organisation login the user. */
interface LoginAttempt {
  address: string;
  user?: { organisation: string; username: string };
}

export interface LoginThrottle {
  /**
   * Throws the 429 refusal when the attempt's user or client must wait; otherwise counts the attempt as
   * failed until `succeeded` is called.
   */
  admit(attempt: LoginAttempt): Promise<{ succeeded(): Promise<void> }>;
}

export function createLoginThrottle(
  db: ServiceDatabase,
  options: LoginThrottleOptions,
  clock: () => number,
): LoginThrottle {
  checkOptions(options);
  const windowMs = options.windowSeconds * 1000;
  const byUser: CountWindow = { limit: options.failuresPerUser, windowMs };
  const byAddress: CountWindow = { limit: options.failuresPerAddress, windowMs };
  const counters = (attempt: LoginAttempt): [CountWindow, string][] => {
    const counted: [CountWindow, string][] = [[byAddress, `login-address ${clientKey(attempt.address)}`]];
    if (attempt.user)
      counted.push([byUser, `login-user ${userKey(attempt.user.organisation, attempt.user.username)}`]);
    return counted;
  };
  const giveBack = (taken: { key: string; expiresAt: number }[]) =>
    Promise.all(taken.map(({ key, expiresAt }) => givePoint(db, key, expiresAt))).then(() => undefined);
  return {
    async admit(attempt) {
      const now = clock();
      const taken: { key: string; expiresAt: number }[] = [];
      for (const [window, key] of counters(attempt)) {
        const result = await takePoint(db, key, window, now);
        if (!result.taken) {
          // Refused by one counter: the points the others gave this attempt go back, so a throttled
          // client's tries cost it nothing more.
          await giveBack(taken);
          const seconds = Math.max(1, Math.ceil((result.expiresAt - now) / 1000));
          throw retryLater(429, `Too many failed sign-ins. Try again in ${inWords(seconds)}.`, seconds);
        }
        taken.push({ key, expiresAt: result.expiresAt });
      }
      return { succeeded: () => giveBack(taken) };
    },
  };
}

function inWords(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** A digest, so every stored key is small however long the names sent were. */
function userKey(organisation: string, username: string): string {
  return createHash("sha256")
    .update(JSON.stringify([organisation, username]))
    .digest("base64url");
}

function checkOptions(options: LoginThrottleOptions): void {
  for (const [name, value] of Object.entries(options)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`login throttle ${name} must be a whole number of at least 1`);
    }
  }
}
