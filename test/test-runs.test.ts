// Which command runs which test: `npm test` every file but test/long, in its short form;
// `npm run test:long` test/long and the long form of every file that has one (run-length.ts). A file
// given a long form but left out of the long run would lose it from CI without a word.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import longConfig from "../vitest.long.config.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

function testFiles(): string[] {
  return readdirSync(join(root, "test"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `test/${file}`);
}

/** The long run's own project (the other runs the service suites on two nodes). */
const longRun = (
  (longConfig.test?.projects ?? []) as { test?: { name?: string; include?: string[]; env?: object } }[]
)
  .map((project) => project.test)
  .find((test) => test?.name === "long");
const longIncludes = longRun?.include ?? [];

describe("the two test runs", () => {
  it("include every file with a long form in the long run", () => {
    const importsRunLength = /^import [^;]*\bbyRunLength\b[^;]* from "[./]*support\/run-length\.ts";$/mu;
    const withLongForm = testFiles().filter((file) =>
      importsRunLength.test(readFileSync(join(root, file), "utf8")),
    );
    expect(withLongForm.length).toBeGreaterThanOrEqual(3);
    for (const file of withLongForm) expect(longIncludes, file).toContain(file);
  });

  it("give the long run the long forms, and only it", () => {
    expect(longRun?.env).toMatchObject({ POS_TEST_LONG: "1" });
    // This file runs in `npm test`, which must not set it.
    expect(process.env.POS_TEST_LONG).toBeUndefined();
  });
});
