// The CLI as child processes whose clock is shifted by Debian's faketime (LD_PRELOAD), against the
// reference service on the real clock: each command is a new process, so the offset measured at
// sign-in must travel with the session for the next command to judge the token by the service's time.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { type CliResult, demoLoginArgs } from "../support/cli-process.ts";
import { tempDir } from "../support/service-fixtures.ts";

vi.setConfig({ testTimeout: 90_000 });

const faketime = ["/usr/bin/faketime", "/usr/local/bin/faketime"].find((path) => existsSync(path));
const cliPath = fileURLToPath(new URL("../../src/cli/start.mjs", import.meta.url));
const hour = 3_600_000;
const run = promisify(execFile);

let service: RunningService;
const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];

beforeAll(async () => {
  // Tokens for an hour: a till two hours ahead would find every new one already expired.
  service = await startService({ port: 0, demoProducts: 50, seed: 8, tokenTtlSeconds: 3600 });
});
afterAll(async () => {
  await service.close();
  for (const dir of dirs) await dir.remove();
});

/** The CLI with its clock moved by `shift` (faketime's syntax: "-10y", "+2h"). */
async function shiftedCli(shift: string, dataDir: string, args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(
      faketime as string,
      ["-f", shift, process.execPath, cliPath, "--data-dir", dataDir, ...args],
      { env: { ...process.env, CATALOG_PASSWORD: "" }, encoding: "utf8" },
    );
    return { code: 0, signal: null, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number | null; stdout: string; stderr: string };
    return { code: failed.code, signal: null, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.runIf(faketime !== undefined)("the CLI on a till whose clock is wrong (faketime)", () => {
  const cases: [string, number, RegExp][] = [
    ["+2h", -2 * hour, /This till's clock is 2 hours ahead of the commerce service's/],
    // faketime counts a year as 365 days.
    ["-10y", 10 * 365 * 24 * hour, /This till's clock is 10 years behind the commerce service's/],
  ];
  it.each(cases)(
    "clock %s: signs in, syncs in the next process, dates the catalog by the service",
    async (shift, offset, warning) => {
      const made = await tempDir();
      dirs.push(made);
      const dir = made.path;
      expect((await shiftedCli(shift, dir, demoLoginArgs(service.demo))).code).toBe(0);
      const sync = await shiftedCli(shift, dir, ["sync"]);
      expect(sync.code, sync.stderr).toBe(0);
      // The third process knows the offset before it asks anything: it was kept with the session.
      const status = JSON.parse((await shiftedCli(shift, dir, ["status", "--json"])).stdout);
      expect(status.session).toBe("signed-in");
      expect(Math.abs(status.clockOffsetMs - offset)).toBeLessThan(5000);
      expect(Math.abs(Date.parse(status.lastSyncAt) - Date.now())).toBeLessThan(60_000);
      expect((await shiftedCli(shift, dir, ["status"])).stdout).toMatch(warning);
    },
  );
});

if (faketime === undefined) {
  it.skip("the CLI on a till whose clock is wrong needs faketime: apt-get install -y faketime");
}
