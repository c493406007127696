// The failed-login limits and their defaults, apart from the throttle: the start script checks its
// flags against them before it loads the service.

export interface LoginThrottleOptions {
  windowSeconds: number;
  /** Failed logins of one organisation + username within the window. */
  failuresPerUser: number;
  /** Failed logins (of any user, or by API key) from one client address within the window. */
  failuresPerAddress: number;
}

/**
 * Enough for a person's typos and for test suites that sign in on loopback all day (only failures
 * count), while holding a password guesser to a handful of tries per account per quarter hour.
 */
export const defaultLoginThrottle: LoginThrottleOptions = {
  windowSeconds: 900,
  failuresPerUser: 10,
  failuresPerAddress: 100,
};
