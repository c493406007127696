// The browser tests' screenshots are for a person to look at. `npm run test:long` saves every one;
// `npm test` saves a screen only where its checks found a problem: encoding a PNG of every screen
// is a good share of a tour's time, and nobody looks at them after a passing run.
import { byRunLength } from "./run-length.ts";

/** Whether to save the screenshot of a screen whose checks found `problems` (none: an empty list). */
export function screenshotWanted(problems: readonly unknown[] = []): boolean {
  return byRunLength(problems.length > 0, true);
}
