// The CLI's small pieces a person sees: the progress line, the hidden password prompt, and where the
// data lives when nobody says.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { askHidden } from "../../src/cli/ask-hidden.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { defaultDataDir } from "../../src/cli/data-dir.ts";
import { describeProgress, progressWriter } from "../../src/cli/progress-line.ts";
import type { SyncProgress } from "../../src/shared/catalog/sync-progress.ts";
import { failure } from "../support/expect-failure.ts";

const progress = (fields: Partial<SyncProgress>): SyncProgress => ({
  mode: "full",
  stream: "live",
  done: 5000,
  total: 20000,
  pages: 5,
  perSecond: 2500,
  etaSeconds: 6,
  ...fields,
});

describe("progress line", () => {
  it("shows a bar, the count against the total, the rate and the time left during a full sync", () => {
    expect(describeProgress(progress({}))).toBe(
      "[######..................] 5,000/20,000 products  2,500/s  about 6 s left",
    );
  });

  it("shows no bar and no total where the end is unknown", () => {
    expect(describeProgress(progress({ mode: "incremental", etaSeconds: null }))).toBe(
      "5,000 records received (fetching changes)  2,500/s",
    );
    expect(describeProgress(progress({ stream: "deleted", etaSeconds: null }))).toBe(
      "5,000 records received (checking deletions)  2,500/s",
    );
  });

  it("redraws in place on a terminal but writes a log at most one line per interval", () => {
    let now = 0;
    const log: string[] = [];
    const toLog = progressWriter({ write: (text: string) => log.push(text) }, () => now, 1000);
    toLog.update(progress({}));
    now = 500;
    toLog.update(progress({ done: 6000 }));
    now = 1000;
    toLog.update(progress({ done: 7000 }));
    toLog.end();
    expect(log).toHaveLength(2);
    expect(log[1]).toContain("7,000/20,000");

    const screen: string[] = [];
    const toScreen = progressWriter({ write: (text: string) => screen.push(text), isTTY: true }, () => now);
    toScreen.update(progress({}));
    toScreen.update(progress({ done: 6000 }));
    toScreen.end();
    expect(screen).toHaveLength(3);
    expect(screen[1]?.startsWith("\r")).toBe(true);
    expect(screen[2]).toBe("\n");
  });
});

describe("hidden password prompt", () => {
  function terminal() {
    const stdin = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
    const setRawMode = (raw: boolean) => stdin.rawModes.push(raw);
    const written: string[] = [];
    const io: CliIo = {
      stdin: Object.assign(stdin, { setRawMode }),
      stdout: { write: () => true },
      stderr: { write: (text: string) => written.push(text) },
      env: {},
    };
    return { io, stdin, written };
  }

  it("reads what is typed, with backspace, without echoing it, and restores the terminal", async () => {
    const { io, stdin, written } = terminal();
    const answer = askHidden(io, "Password: ");
    stdin.write("s3cret!X\u007f\r");
    expect(await answer).toBe("s3cret!");
    expect(written.join("")).toBe("Password: \n");
    expect(stdin.rawModes).toEqual([true, false]);
  });

  it("gives up plainly on Ctrl-C, and without a terminal asks for --password instead", async () => {
    const { io, stdin } = terminal();
    const answer = askHidden(io, "Password: ");
    stdin.write("abc\u0003");
    expect((await failure(answer)).kind).toBe("cancelled");

    const piped = { ...io, stdin: new PassThrough() };
    const error = await failure(askHidden(piped, "Password: "));
    expect(error.message).toContain("--password");
  });
});

describe("default data directory", () => {
  it("follows each platform's convention, and CATALOG_DATA_DIR overrides it", () => {
    expect(defaultDataDir({}, "linux", "/home/ana")).toBe("/home/ana/.local/share/pos-catalog");
    expect(defaultDataDir({ XDG_DATA_HOME: "/data" }, "linux", "/home/ana")).toBe("/data/pos-catalog");
    expect(defaultDataDir({}, "darwin", "/Users/ana")).toBe(
      "/Users/ana/Library/Application Support/pos-catalog",
    );
    expect(defaultDataDir({ APPDATA: "C:/Users/ana/AppData/Roaming" }, "win32", "C:/Users/ana")).toMatch(
      /Roaming[\\/]pos-catalog$/,
    );
    expect(defaultDataDir({ CATALOG_DATA_DIR: "/srv/till" }, "linux", "/home/ana")).toBe("/srv/till");
  });
});
