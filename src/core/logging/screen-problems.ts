// Faults of the screens, sent over IPC for the till's log. A page stuck in a loop of errors would
// otherwise fill the log in minutes and rotate away everything before it: at most a few lines a
// minute are written, and the rest only counted, said in one line when writing resumes.
import type { CatalogLog } from "./catalog-log.ts";

export interface ScreenProblem {
  message: string;
  detail?: string;
}

export const screenProblemsPerMinute = 10;

export function createScreenProblems(log: CatalogLog | undefined, clock: () => number) {
  let windowStart = Number.NEGATIVE_INFINITY;
  let written = 0;
  let leftOut = 0;
  return {
    report(problem: ScreenProblem): void {
      const now = clock();
      if (now - windowStart >= 60_000) {
        if (leftOut > 0) log?.shell("warn", "screen errors left out", { count: leftOut });
        windowStart = now;
        written = 0;
        leftOut = 0;
      }
      if (written >= screenProblemsPerMinute) {
        leftOut += 1;
        return;
      }
      written += 1;
      log?.shell("error", "screen error", { ...problem });
    },
  };
}
