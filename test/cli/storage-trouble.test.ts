// The CLI, as real child processes, when the disk lets it down: a damaged catalog file, a full disk, a
// data directory that is a file, empty or impossible to make, and two processes on one data directory
// (a read-only disk: read-only-catalog.test.ts). Each gets its own plain message and never the wording
// kept for bugs; nothing is served from a damaged file and nothing already held is lost.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statfsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogFileFor } from "../../src/core/catalog/catalog-store.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import { type CliResult, demoLoginArgs, runCli, startCli } from "../support/cli-process.ts";
import { damageMiddle } from "../support/damage-file.ts";
import { type MisbehavingUpstream, startMisbehavingUpstream } from "../support/misbehaving-upstream.ts";
import { adminApi, integrityCheck, localProducts, tempDir } from "../support/service-fixtures.ts";
import { copyTill } from "../support/till-copy.ts";

// Real child processes on a shared, busy machine: room for each to finish.
vi.setConfig({ testTimeout: 90_000 });

let service: RunningService;
let upstream: MisbehavingUpstream;
const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
const isRoot = process.getuid?.() === 0;
const cliPath = fileURLToPath(new URL("../../src/cli/start.mjs", import.meta.url));

// Made once by the real CLI, copied for each test: a till signed in, and one signed in and synced.
let signedInTemplate: string;
let syncedTemplate: string;

beforeAll(async () => {
  // 300 products: the slowed sync below must still be running when the second one starts.
  service = await startService({ port: 0, demoProducts: 300, seed: 17 });
  upstream = await startMisbehavingUpstream(service.baseUrl);
  signedInTemplate = await newDir();
  await signedIn(signedInTemplate);
  syncedTemplate = copyTill(signedInTemplate, await newDir());
  expect((await cli(syncedTemplate, "sync")).code).toBe(0);
});
afterAll(async () => {
  await upstream.close();
  await service.close();
  for (const dir of dirs) await dir.remove();
});

async function newDir(): Promise<string> {
  const dir = await tempDir();
  dirs.push(dir);
  return dir.path;
}

/** A till of its own, signed in and synced (a copy of the file's synced till). */
async function syncedTill(): Promise<string> {
  return copyTill(syncedTemplate, await newDir());
}

async function signedIn(dataDir: string, baseUrl = service.baseUrl): Promise<void> {
  expect((await runCli(["--data-dir", dataDir, ...demoLoginArgs({ ...service.demo, baseUrl })])).code).toBe(
    0,
  );
}

const cli = (dataDir: string, ...args: string[]) => runCli(["--data-dir", dataDir, ...args]);

/** The CLI run from `cwd`, killed after 10 s so that a hang fails the test instead of stalling it. */
async function runCliIn(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd,
    env: { ...process.env, CATALOG_PASSWORD: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

function expectPlainFailure(result: CliResult, message: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toContain("Something went wrong inside");
}

/** A tiny file system of its own (root only), removed after the test. */
function mountTmpfs(dir: string, size: string): () => void {
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]);
  return () => execFileSync("umount", ["-l", dir]);
}

describe("a damaged catalog file", () => {
  it("is set aside when a read finds it, never read again, and a sync downloads the catalog afresh", async () => {
    const dataDir = await syncedTill();
    const file = catalogFileFor(dataDir, service.demo.accountId);
    const barcode = [...(await (await adminApi(service)).liveRecords())].find((p) => p.barcode)
      ?.barcode as string;
    damageMiddle(file);

    const search = await cli(dataDir, "search", "a");
    expectPlainFailure(search, /catalog file was damaged, so it has been set aside as .*damaged-.*\.sqlite/);
    expect(readdirSync(join(dataDir, "catalogs")).some((name) => name.includes(".damaged-"))).toBe(true);
    // The damaged file is not served, and no empty new one answers "no such product" instead: every
    // read says what happened until a sync brings a fresh catalog.
    for (const args of [
      ["lookup", barcode],
      ["search", "a"],
    ]) {
      expectPlainFailure(
        await cli(dataDir, ...args),
        /catalog file was damaged, so it has been set aside as .*damaged-/,
      );
    }
    // Status does not fail: it says what is wrong and what to do (offline, nothing else can).
    const status = await cli(dataDir, "status");
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      /Account: .*\n.*\nThe catalog file was damaged, so it has been set aside as .*damaged-.*Run a sync/,
    );
    const json = JSON.parse((await cli(dataDir, "status", "--json")).stdout);
    expect(json).toMatchObject({
      products: 0,
      catalogProblem: { kind: "damaged", message: expect.stringContaining(".damaged-") },
    });
    expect(existsSync(file)).toBe(false);

    const sync = await cli(dataDir, "sync");
    expect(sync.code).toBe(0);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
    expect(integrityCheck(dataDir, service.demo.accountId)).toBe("ok");
    expect((await cli(dataDir, "lookup", barcode)).code).toBe(0);
  });

  it("is found by the check before a sync, which then starts over and says so", async () => {
    const dataDir = await syncedTill();
    damageMiddle(catalogFileFor(dataDir, service.demo.accountId));
    const sync = await cli(dataDir, "sync");
    expect(sync.code).toBe(0);
    expect(sync.stdout).toMatch(/damaged: it was set aside as .* and the whole catalog was downloaded again/);
    expect(integrityCheck(dataDir, service.demo.accountId)).toBe("ok");
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
  });

  it("is reported by catalog check, and a sound file passes it", async () => {
    const dataDir = await syncedTill();
    const sound = await cli(dataDir, "check");
    expect(sound.code).toBe(0);
    expect(sound.stdout).toContain("is intact");
    damageMiddle(catalogFileFor(dataDir, service.demo.accountId));
    const damaged = await cli(dataDir, "check", "--json");
    expect(damaged.code).toBe(2);
    expect(JSON.parse(damaged.stdout)).toMatchObject({
      problem: expect.any(String),
      setAsideAs: expect.stringContaining(".damaged-"),
    });
    expect(existsSync(catalogFileFor(dataDir, service.demo.accountId))).toBe(false);
  });
});

describe("the disk and the data directory", () => {
  it.runIf(isRoot)("says the disk is full, and the catalog held before stays usable", async () => {
    const dataDir = await newDir();
    const unmount = mountTmpfs(dataDir, "20m");
    try {
      copyTill(syncedTemplate, dataDir);
      const admin = await adminApi(service);
      const known = (await admin.liveRecords()).find((p) => p.barcode)?.barcode as string;
      // Fill the disk but for 32 KB, then give the service more than that to send.
      const { bavail, bsize } = statfsSync(dataDir);
      writeFileSync(join(dataDir, "filler"), Buffer.alloc(Math.max(0, Number(bavail * bsize) - 32_768)));
      const description = "Space-hungry description. ".repeat(600);
      for (let i = 0; i < 40; i++) await admin.createProduct({ name: `Bulky product ${i}`, description });
      const sync = await cli(dataDir, "sync", "--page-size", "20");
      expectPlainFailure(
        sync,
        /The disk is full: free some space, then sync again. The catalog .* stays usable for lookups/,
      );
      const lookup = await cli(dataDir, "lookup", known);
      expect(lookup.code).toBe(0);
    } finally {
      unmount();
    }
  });

  it("says plainly when the data directory is a file", async () => {
    const file = join(await newDir(), "not-a-folder");
    writeFileSync(file, "notes\n");
    for (const args of [["status"], ["sync"], demoLoginArgs(service.demo)]) {
      expectPlainFailure(
        await cli(file, ...args),
        /data directory is not a folder: .*not-a-folder is a file/,
      );
    }
  });
});

describe("a data directory that cannot be one", () => {
  it("refuses an empty --data-dir or CATALOG_DATA_DIR, writing nothing into the current folder", async () => {
    const cwd = await newDir();
    const home = await newDir();
    const login = demoLoginArgs(service.demo);
    const emptyFlag =
      /^--data-dir is empty: give the folder for the catalog, e\.g\. --data-dir \/srv\/till\.\nUsage: /;
    const emptyVariable = /^CATALOG_DATA_DIR is empty: give it the folder for the catalog, or unset it/;
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [["--data-dir", "", ...login], {}, emptyFlag],
      [["--data-dir", "  ", ...login], {}, emptyFlag],
      [["demo", "--products", "50", "--data-dir", ""], {}, emptyFlag],
      [login, { CATALOG_DATA_DIR: "" }, emptyVariable],
      [login, { CATALOG_DATA_DIR: " " }, emptyVariable],
    ];
    for (const [args, env, message] of cases) {
      expectPlainFailure(await runCliIn(cwd, args, { HOME: home, XDG_DATA_HOME: home, ...env }), message);
      expect(readdirSync(cwd)).toEqual([]);
      expect(readdirSync(home)).toEqual([]);
    }
  });

  it.runIf(existsSync("/proc/self"))("fails at once under /proc, where no folder can be made", async () => {
    const result = await runCliIn(process.cwd(), [
      "--data-dir",
      "/proc/self/pos-catalog",
      ...demoLoginArgs(service.demo),
    ]);
    expectPlainFailure(result, /\/proc\/self\/pos-catalog.* could not be used/);
  });
});

describe("two processes on one data directory", () => {
  it("create a never-synced catalog at the same moment without either failing", async () => {
    for (let round = 0; round < 2; round++) {
      const dataDir = copyTill(signedInTemplate, await newDir());
      const results = await Promise.all([
        cli(dataDir, "status"),
        cli(dataDir, "lookup", "4006381333931"),
        cli(dataDir, "status"),
        cli(dataDir, "search", "tea"),
      ]);
      for (const result of results) expect(result.stderr).toBe("");
    }
  });

  it("sync one at a time: the second says a sync is running, the first finishes", async () => {
    const dataDir = await newDir();
    await signedIn(dataDir, upstream.baseUrl);
    upstream.behave({ delayMs: 100 });
    try {
      const first = startCli(["--data-dir", dataDir, "sync", "--page-size", "20"]);
      const file = catalogFileFor(dataDir, service.demo.accountId);
      while (!existsSync(`${file}.sync-lock`)) await sleep(10);
      await sleep(300);
      const second = await cli(dataDir, "sync");
      expectPlainFailure(second, /Another sync of this catalog is already running/);
      expect((await first.done).code).toBe(0);
      expect(localProducts(dataDir, service.demo.accountId)).toEqual(
        await (await adminApi(service)).liveProducts(),
      );
    } finally {
      upstream.behave({});
    }
  });
});
