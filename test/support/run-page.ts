// The browser bridge's page that the whole test run shares. bridge-page-setup.ts builds it in the
// background while the first test files start, and moves it into place once every file of it is
// written: a till that serves it waits here until the directory exists.
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** The file a failed build leaves its error in, beside the directory it did not make. */
export function buildFailureOf(pageDir: string): string {
  return `${pageDir}.failed`;
}

/** `pageDir` once the run's build has made it; throws the build's own error if it failed. */
export async function pageBuilt(pageDir: string): Promise<string> {
  for (;;) {
    if (existsSync(pageDir)) return pageDir;
    const failure = buildFailureOf(pageDir);
    if (existsSync(failure))
      throw new Error(`the test run's page did not build: ${readFileSync(failure, "utf8")}`);
    await sleep(100);
  }
}
