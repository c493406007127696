// `npm test` runs every test in a form a contributor waits for; `npm run test:long` (which sets
// POS_TEST_LONG=1, vitest.long.config.ts) runs the long form of those that have one: more scans, more
// generated records. CI runs both, so nothing the long forms prove is lost. A test file that uses
// byRunLength must be named in vitest.long.config.ts (test/test-runs.test.ts checks).
const longRun = process.env.POS_TEST_LONG === "1";

/** `short` in `npm test`, `long` in `npm run test:long`. */
export function byRunLength<T>(short: T, long: T): T {
  return longRun ? long : short;
}
