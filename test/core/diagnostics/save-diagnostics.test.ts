// Saving the diagnostics file where Settings asks: named by the injected time in a folder made for it,
// and refused in words, at once, where no folder can be made (under /proc Node's own mkdir would spin).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { saveDiagnosticsFile } from "../../../src/core/diagnostics/diagnostics-file.ts";
import { tempDir } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const sources = (dataDir: string) => ({
  dataDir,
  status: async () => ({ products: 3 }),
  settings: async () => ({ logLevel: "info", nested: { apiKey: "k3y-never-shown" } }),
  check: async () => {
    throw new Error("no catalog to check");
  },
  versions: { app: "pos-catalog 9.8.7" },
  clock: () => Date.UTC(2026, 10, 26, 14, 30),
});

describe("saving the diagnostics file", () => {
  it("names it by the time, in diagnostics/ of the data folder unless told another folder", async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const { file } = await saveDiagnosticsFile(sources(dir.path));
    expect(file).toBe(join(dir.path, "diagnostics", "pos-catalog-diagnostics-2026-11-26T1430.zip"));
    const zip = unzipSync(readFileSync(file));
    expect(JSON.parse(strFromU8(zip["settings.json"] as Uint8Array))).toEqual({
      logLevel: "info",
      nested: {},
    });
    expect(JSON.parse(strFromU8(zip["catalog-check.json"] as Uint8Array))).toMatchObject({
      error: { message: "no catalog to check" },
    });
    expect(JSON.parse(strFromU8(zip["about.json"] as Uint8Array))).toMatchObject({
      madeAt: "2026-11-26T14:30:00.000Z",
      versions: { app: "pos-catalog 9.8.7", node: process.versions.node },
    });
  });

  it.runIf(existsSync("/proc/self"))("fails at once, in words, where no folder can be made", async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    await expect(
      saveDiagnosticsFile({ ...sources(dir.path), folder: "/proc/self/till/diagnostics" }),
    ).rejects.toThrow(
      "The diagnostics file could not be saved in /proc/self/till/diagnostics: that folder does not exist.",
    );
  });
});
