// The screens' faults in the log: each written while there are few, at most ten a minute when a page
// loops on an error, and the ones left out counted in one line once writing resumes.
import { describe, expect, it } from "vitest";
import type { CatalogLog } from "../../../src/core/logging/catalog-log.ts";
import { createScreenProblems, screenProblemsPerMinute } from "../../../src/core/logging/screen-problems.ts";

function recordingLog() {
  const lines: [string, string, Record<string, unknown> | undefined][] = [];
  const log = { shell: (level, message, fields) => lines.push([level, message, fields]) } as Pick<
    CatalogLog,
    "shell"
  > as CatalogLog;
  return { log, lines };
}

describe("screen problems", () => {
  it("writes ten a minute, counts the rest, and says how many were left out", () => {
    const { log, lines } = recordingLog();
    let now = 0;
    const problems = createScreenProblems(log, () => now);
    for (let i = 0; i < 25; i++) problems.report({ message: `fault ${i}`, detail: "at draw" });
    expect(lines).toHaveLength(screenProblemsPerMinute);
    expect(lines[0]).toEqual(["error", "screen error", { message: "fault 0", detail: "at draw" }]);
    now += 59_999;
    problems.report({ message: "still the same minute" });
    expect(lines).toHaveLength(screenProblemsPerMinute);
    now += 1;
    problems.report({ message: "a new minute" });
    expect(lines.slice(screenProblemsPerMinute)).toEqual([
      ["warn", "screen errors left out", { count: 16 }],
      ["error", "screen error", { message: "a new minute" }],
    ]);
  });
});
