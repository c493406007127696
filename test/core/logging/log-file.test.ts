// The log file through its writer: JSON lines with the injected time of writing, the level and the
// message, in order; opened only once a line at its level arrives; rotated by size with only the
// newest files kept (across runs too); the level changed while it runs; secret field names removed
// even when a caller slips one in; and a folder that cannot be made costing the log, not the caller.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createCatalogLog } from "../../../src/core/logging/catalog-log.ts";
import { createLogWriter } from "../../../src/core/logging/log-writer.ts";
import { defaultSettings } from "../../../src/shared/settings/app-settings.ts";
import { tempDir } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

/** Oldest first: by the number pino-roll gives each file (catalog.9.log before catalog.10.log). */
const files = (dir: string) =>
  readdirSync(join(dir, "logs")).sort((a, b) => Number(a.split(".")[1]) - Number(b.split(".")[1]));
const lines = (dir: string) =>
  files(dir)
    .flatMap((name) => readFileSync(join(dir, "logs", name), "utf8").split("\n"))
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Lets the rotation, which pino-roll does when the stream drains, happen between lines. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the log file", () => {
  it("writes one JSON line per event with the injected time, the level and the message", async () => {
    const dir = await dataDir();
    const writer = createLogWriter({ dataDir: dir, level: "info", clock: () => Date.UTC(2026, 10, 26, 3) });
    writer.write("info", "sync started", { mode: "full" });
    writer.write("debug", "sync page", { pages: 1 });
    writer.write("warn", "offline");
    await writer.close();
    expect(lines(dir)).toEqual([
      {
        level: "info",
        time: "2026-11-26T03:00:00.000Z",
        pid: process.pid,
        mode: "full",
        msg: "sync started",
      },
      { level: "warn", time: "2026-11-26T03:00:00.000Z", pid: process.pid, msg: "offline" },
    ]);
  });

  it("stamps each line when it is written, not when the file is ready, and carries the base fields", async () => {
    const dir = await dataDir();
    let now = Date.UTC(2026, 10, 26, 3);
    const writer = createLogWriter({
      dataDir: dir,
      level: "info",
      clock: () => now,
      base: { version: "9.8.7" },
    });
    writer.write("info", "first");
    now += 1500;
    writer.write("info", "second");
    await writer.close();
    expect(lines(dir).map((line) => [line.msg, line.time, line.version])).toEqual([
      ["first", "2026-11-26T03:00:00.000Z", "9.8.7"],
      ["second", "2026-11-26T03:00:01.500Z", "9.8.7"],
    ]);
  });

  it("opens no file while nothing at its level was written", async () => {
    const dir = await dataDir();
    const writer = createLogWriter({ dataDir: dir, level: "warn" });
    writer.write("info", "signed in");
    writer.write("debug", "sync page");
    await writer.close();
    expect(existsSync(join(dir, "logs"))).toBe(false);
  });

  it("costs only the log where no folder can be made, and says so once", async () => {
    const dir = await dataDir();
    writeFileSync(join(dir, "logs"), "a file in the way");
    const failures: unknown[] = [];
    const writer = createLogWriter({
      dataDir: dir,
      level: "info",
      onFailure: (error) => failures.push(error),
    });
    writer.write("error", "fault");
    writer.write("error", "fault again");
    await writer.close();
    expect(failures).toHaveLength(1);
    expect(readFileSync(join(dir, "logs"), "utf8")).toBe("a file in the way");
  });

  it("rotates past the size and keeps only the newest files, those of earlier runs counted", async () => {
    const dir = await dataDir();
    for (let run = 0; run < 2; run++) {
      const writer = createLogWriter({ dataDir: dir, level: "info", maxBytes: 2048, keep: 3 });
      // Lines come one by one on a till; the first waits for the file to open.
      writer.write("info", "opened", { run });
      const opened = () =>
        existsSync(join(dir, "logs")) && lines(dir).some((line) => line.msg === "opened" && line.run === run);
      while (!opened()) await turn();
      for (let i = 0; i < 60; i++) {
        writer.write("info", "line", { run, i, padding: "x".repeat(60) });
        await turn();
      }
      await writer.close();
    }
    const names = files(dir);
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/^catalog\.\d+\.log$/);
    // The newest lines survive, the oldest were rotated away.
    const kept = lines(dir);
    expect(kept.at(-1)).toMatchObject({ run: 1, i: 59 });
    expect(kept.some((line) => line.run === 0 && line.i === 0)).toBe(false);
    for (const name of names.slice(0, -1)) {
      expect(readFileSync(join(dir, "logs", name)).length).toBeLessThan(2048 + 200);
    }
  });

  it("lets a line written after closing go, instead of failing the caller", async () => {
    const dir = await dataDir();
    const writer = createLogWriter({ dataDir: dir, level: "info" });
    writer.write("info", "before");
    await writer.close();
    expect(() => writer.write("info", "after")).not.toThrow();
    await writer.close();
    expect(lines(dir).map((line) => line.msg)).toEqual(["before"]);
  });

  it("removes fields named like secrets, at any depth", async () => {
    const dir = await dataDir();
    const writer = createLogWriter({ dataDir: dir, level: "info" });
    writer.write("info", "careless", { password: "hunter2", auth: { token: "t0k3n", apiKey: "k3y" } });
    await writer.close();
    const raw = readFileSync(join(dir, "logs", files(dir)[0] as string), "utf8");
    for (const secret of ["hunter2", "t0k3n", "k3y"]) expect(raw).not.toContain(secret);
  });

  it("names changed settings without their values, and follows a new log level at once", async () => {
    const dir = await dataDir();
    const writer = createLogWriter({ dataDir: dir, level: "info" });
    const log = createCatalogLog(writer);
    const before = { ...defaultSettings, baseUrl: "https://shop.example" };
    const after = { ...before, baseUrl: "https://other.example", logLevel: "warn" as const };
    log.settingsChanged(before, after);
    log.connectivity(false);
    log.signedOut();
    log.connectivity(false);
    await writer.close();
    expect(lines(dir).map((line) => [line.msg, line.changed])).toEqual([
      ["settings changed", ["baseUrl", "logLevel"]],
      ["offline", undefined],
    ]);
    expect(JSON.stringify(lines(dir))).not.toContain("other.example");
  });
});
