// The till's log file as the CLI writes it, child process by child process: a line for each sign-in,
// sync and failed sync, with the counts and the error in words, and never a password, API key or token.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { startService } from "../../src/server/service.ts";
import { cliFixture } from "../support/cli-fixture.ts";
import { demoLoginArgs, runCli } from "../support/cli-process.ts";
import { logLines, rawLog } from "../support/log-lines.ts";

vi.setConfig({ testTimeout: 90_000 });

const fixture = cliFixture({ demoProducts: 120, seed: 34 });
const newDir = fixture.newDir;

/** Every string the till keeps as a secret (the token, the remembered password or key). */
function storedSecrets(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string" && value.length >= 8) found.push(value);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  walk(JSON.parse(readFileSync(join(dataDir, "secrets", "secrets.json"), "utf8")));
  return found;
}

describe("the till's log file, written by the CLI", () => {
  it("has a line for the sign-in, the sync and a failed sync, in words, and no secret", async () => {
    const own = await startService({ port: 0, demoProducts: 80, seed: 35 });
    const dir = await newDir();
    const cli = (...args: string[]) => runCli(["--data-dir", dir, ...args]);
    expect((await cli(...demoLoginArgs(own.demo), "--remember")).code).toBe(0);
    const secrets = storedSecrets(dir);
    expect((await cli("sync")).code).toBe(0);
    await own.close();
    const failed = await cli("sync", "--connect-timeout", "1", "--answer-timeout", "2");
    expect(failed.code).toBe(2);

    const lines = logLines(dir);
    for (const line of lines) {
      expect(line).toMatchObject({
        level: expect.any(String),
        time: expect.any(String),
        msg: expect.any(String),
      });
    }
    expect(lines.find((line) => line.msg === "signed in")).toMatchObject({
      who: own.demo.username,
      account: own.demo.accountId,
      remembered: true,
    });
    const finished = lines.filter((line) => line.msg === "sync finished");
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ products: 80 - (finished[0]?.deletions as number), received: 80 });
    expect(finished[0]?.durationMs).toEqual(expect.any(Number));
    const failure = lines.find((line) => line.msg === "sync failed");
    expect(failure).toMatchObject({ level: "warn", error: { kind: "offline" } });
    // The error as the person was told it, not a stack.
    expect(failed.stderr).toContain(
      (failure?.error as { message?: string } | undefined)?.message ?? "(none)",
    );

    const raw = rawLog(dir);
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of [own.demo.password, ...secrets]) expect(raw).not.toContain(secret);
  });

  it("logs an API-key sign-in without the key, and a refused one in words", async () => {
    const service = fixture.service();
    const dir = await newDir();
    const cli = (...args: string[]) => runCli(["--data-dir", dir, ...args]);
    const login = ["login", "--base-url", service.baseUrl, "--account-id", service.demo.accountId];
    expect((await cli(...login, "--api-key", "not-the-key")).code).toBe(2);
    expect((await cli(...login, "--api-key", service.demo.apiKey, "--remember")).code).toBe(0);
    const lines = logLines(dir);
    expect(lines.find((line) => line.msg === "sign-in failed")).toMatchObject({
      error: { kind: "unauthorized", message: expect.any(String) },
    });
    expect(lines.find((line) => line.msg === "signed in")).toMatchObject({ method: "api-key" });
    const raw = rawLog(dir);
    for (const secret of [service.demo.apiKey, ...storedSecrets(dir)]) expect(raw).not.toContain(secret);
  });

  it("writes page lines at --log-level debug only, and refuses an unknown level in words", async () => {
    const service = fixture.service();
    const dir = await newDir();
    const cli = (...args: string[]) => runCli(["--data-dir", dir, ...args]);
    expect((await cli(...demoLoginArgs(service.demo))).code).toBe(0);
    expect((await cli("sync", "--page-size", "50")).code).toBe(0);
    expect(logLines(dir).filter((line) => line.msg === "sync page")).toHaveLength(0);
    expect((await cli("--log-level", "debug", "sync", "--full", "--page-size", "50")).code).toBe(0);
    // A line a commit, and pages commit several at a time while they come quickly.
    const pageLines = logLines(dir).filter((line) => line.msg === "sync page");
    expect(pageLines.length).toBeGreaterThanOrEqual(1);
    expect(pageLines.at(-1)?.pages).toBeGreaterThanOrEqual(3);

    const wrong = await cli("--log-level", "loud", "status");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('--log-level needs one of error, warn, info, debug, not "loud".\n');
  });
});
