// Updates of the desktop app, with `electron` and electron-updater replaced by recording doubles and
// the schedule on a clock the test moves: none without a feed; a check at start and every 6 hours;
// a plain-http feed refused; installed on quit, or in a kiosk at the quiet hour and never while a
// sync is writing; each step in the log file.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkEveryMs, feedProblem, startAppUpdates, syncWaitMs } from "../../src/main/app-updates.ts";
import { updateFeedSchema } from "../../src/shared/settings/app-settings.ts";
import { logLines } from "../support/log-lines.ts";
import { manualClock } from "../support/manual-clock.ts";
import { launch, until } from "./launch-shell.ts";
import { UpdaterDouble } from "./updater-double.ts";

const hour = 3_600_000;
/** 26 November 2026, 14:00 on this machine's clock, whatever its time zone. */
const afternoon = new Date(2026, 10, 26, 14, 0).getTime();
const kioskArgv = ["/opt/pos-catalog/pos-catalog", "--kiosk"];

function withFeed(feedUrl: string | null, quietHour = "03:00") {
  return async (userData: string) => {
    writeFileSync(
      join(userData, "catalog-settings.json"),
      JSON.stringify({ updates: { feedUrl, quietHour } }),
    );
  };
}

async function launchWithUpdates(feedUrl: string | null, argv?: string[]) {
  const updater = new UpdaterDouble();
  const clock = manualClock(afternoon);
  const launched = await launch({
    argv,
    prepare: withFeed(feedUrl),
    shell: { clock, updater: updater.load },
  });
  return { ...launched, updater, clock };
}

describe("the desktop app's updates", () => {
  it("are off without a feed address: electron-updater is never even loaded", async () => {
    const { updater, clock } = await launchWithUpdates(null);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(updater.loaded).toBe(0);
    expect(clock.pending()).toEqual([]);
  });

  it("check the https feed at start and every 6 hours, downloading and installing on quit", async () => {
    const feed = "https://updates.example.com/pos-catalog";
    const { updater, clock, userData } = await launchWithUpdates(feed);
    await until(() => updater.checks === 1);
    expect(updater.feeds).toEqual([{ provider: "generic", url: feed }]);
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    clock.advance(checkEveryMs - 1);
    expect(updater.checks).toBe(1);
    clock.advance(1);
    expect(updater.checks).toBe(2);
    clock.advance(checkEveryMs);
    expect(updater.checks).toBe(3);

    updater.emit("update-downloaded", { version: "9.9.0" });
    // Not a kiosk: nothing forces a restart; electron-updater installs when the app quits.
    clock.advance(24 * hour);
    expect(updater.installs).toEqual([]);
    await expect
      .poll(() => logLines(userData).find((line) => line.msg === "update ready"))
      .toMatchObject({
        version: "9.9.0",
        installs: "when the app quits",
      });
    expect(logLines(userData).filter((line) => line.msg === "update check")).toHaveLength(7);
  });

  it("install in a kiosk at the quiet hour, silently, starting the app again", async () => {
    const { updater, clock, userData } = await launchWithUpdates(
      "https://updates.example.com/till",
      kioskArgv,
    );
    await until(() => updater.checks === 1);
    updater.emit("update-downloaded", { version: "9.9.1" });
    // 14:00 to 03:00 the next day.
    clock.advance(13 * hour - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(updater.installs).toEqual([]);
    clock.advance(1);
    await until(() => updater.installs.length === 1);
    expect(updater.installs).toEqual([[true, true]]);
    await expect
      .poll(() => logLines(userData).find((line) => line.msg === "update installing"))
      .toMatchObject({
        version: "9.9.1",
      });
  });

  it("refuse a plain-http feed, loading nothing and saying why in the log", async () => {
    // Refused as a setting already, so it is handed to the updater directly as a hand-edited file would.
    expect(updateFeedSchema.safeParse("http://updates.example.com/till").success).toBe(false);
    const updater = new UpdaterDouble();
    const reports: unknown[][] = [];
    const updates = await startAppUpdates({
      settings: async () => ({ feedUrl: "http://updates.example.com/till", quietHour: "03:00" }),
      updater: updater.load,
      kiosk: true,
      clock: manualClock(afternoon),
      syncWriting: async () => false,
      report: (...report) => reports.push(report),
    });
    expect(updater.loaded).toBe(0);
    expect(reports).toEqual([
      ["error", "update feed refused", { reason: expect.stringMatching(/only https:\/\/ feeds are used/) }],
    ]);
    updates.stop();
  });
});

describe("updates that cannot start", () => {
  it("say why in the log and leave the app running", async () => {
    const reports: unknown[][] = [];
    const updates = await startAppUpdates({
      settings: async () => ({ feedUrl: "https://updates.example.com/till", quietHour: "03:00" }),
      updater: async () => {
        throw new Error("Cannot find module 'electron-updater'");
      },
      kiosk: false,
      clock: manualClock(afternoon),
      syncWriting: async () => false,
      report: (...report) => reports.push(report),
    });
    expect(reports).toEqual([
      ["error", "updates could not start", { error: "Cannot find module 'electron-updater'" }],
    ]);
    expect(updates.ready()).toBeNull();
  });
});

describe("the update feed's address", () => {
  it("is https, or plain http on this machine's loopback only", () => {
    expect(feedProblem("https://updates.example.com/till")).toBeNull();
    expect(feedProblem("http://127.0.0.1:8080/feed")).toBeNull();
    expect(feedProblem("http://localhost/feed")).toBeNull();
    for (const refused of [
      "http://updates.example.com/",
      "http://127.0.0.1.example.com/",
      "ftp://x.example/",
      "file:///tmp/feed",
    ]) {
      expect(feedProblem(refused), refused).toMatch(/refused/);
    }
    expect(updateFeedSchema.safeParse("http://127.0.0.1:8080/feed").success).toBe(true);
    expect(updateFeedSchema.safeParse("http://127.0.0.1.example.com/feed").success).toBe(false);
  });
});

describe("a kiosk's restart into an update", () => {
  it("waits while a sync is writing, looking again each minute", async () => {
    const updater = new UpdaterDouble();
    const clock = manualClock(new Date(2026, 10, 26, 2, 30).getTime());
    let writing = true;
    const updates = await startAppUpdates({
      settings: async () => ({ feedUrl: "https://updates.example.com/till", quietHour: "02:45" }),
      updater: updater.load,
      kiosk: true,
      clock,
      syncWriting: async () => writing,
      report: () => undefined,
    });
    updater.emit("update-downloaded", { version: "9.9.2" });
    expect(updates.ready()).toBe("9.9.2");
    clock.advance(15 * 60_000);
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(syncWaitMs);
    await new Promise((resolve) => setImmediate(resolve));
    expect(updater.installs).toEqual([]);
    writing = false;
    clock.advance(syncWaitMs);
    await until(() => updater.installs.length === 1);
    updates.stop();
  });
});
