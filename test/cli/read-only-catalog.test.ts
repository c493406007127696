// The CLI, as real child processes, on a catalog it cannot write: a locked-down folder, a read-only
// catalog file, and a file system remounted read-only (as Linux does after disk errors). Lookups,
// search and status answer from the catalog as it is; sync and sign-in say plainly that the disk
// cannot be written, and change nothing.
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogFileFor } from "../../src/core/catalog/catalog-store.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { type CliResult, type CliUser, demoLoginArgs, runCli } from "../support/cli-process.ts";
import { damageMiddle } from "../support/damage-file.ts";
import { adminApi, tempDir } from "../support/service-fixtures.ts";
import { copyTill } from "../support/till-copy.ts";

vi.setConfig({ testTimeout: 90_000 });

const isRoot = process.getuid?.() === 0;
/**
 * Root may write whatever the permissions say, so as root the reading CLI runs as "nobody" (the
 * folder handed to it first); anyone else is refused by the permissions as they are.
 */
const reader: CliUser | undefined = isRoot ? { uid: 65_534, gid: 65_534 } : undefined;

let service: RunningService;
let known: Product;
let liveCount: number;
const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
/** A data directory signed in and synced once by the real CLI, copied for each test. */
let synced: string;

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 120, seed: 23 });
  const live = await (await adminApi(service)).liveRecords();
  known = live.find((p) => p.barcode && p.active) as Product;
  liveCount = live.length;
  synced = await newDir();
  expect((await cli(synced, demoLoginArgs(service.demo))).code).toBe(0);
  expect((await cli(synced, ["sync"])).code).toBe(0);
});
afterAll(async () => {
  await service.close();
  for (const dir of dirs) await dir.remove();
});

const cli = (dataDir: string, args: string[], user?: CliUser) =>
  runCli(["--data-dir", dataDir, ...args], {}, user);

async function newDir(): Promise<string> {
  const made = await tempDir();
  dirs.push(made);
  return made.path;
}

/** A data directory signed in and synced, by this process's user (a copy of the file's synced one). */
async function syncedDataDir(dataDir?: string): Promise<string> {
  return copyTill(synced, dataDir ?? (await newDir()));
}

/** Every file and folder under `dir` (itself included). */
function walk(dir: string): string[] {
  return [
    dir,
    ...readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : [path];
    }),
  ];
}

function handToReader(dataDir: string): void {
  if (reader !== undefined) for (const path of walk(dataDir)) chownSync(path, reader.uid, reader.gid);
}

/** Takes the write permission away from everything under `dir`. */
function lockDown(dir: string): void {
  for (const path of walk(dir)) chmodSync(path, statSync(path).mode & 0o555);
}

function expectPlainFailure(result: CliResult, message: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toContain("Something went wrong inside");
}

const cannotWrite = /cannot be written: the disk is read-only or this user may not change it/;

/**
 * Lookups, search and status answer; sync refuses plainly and changes nothing, and so does a sign-in
 * where the session cannot be kept either (`sessionWritable` false).
 */
async function expectReadableNotWritable(
  dataDir: string,
  user: CliUser | undefined,
  sessionWritable: boolean,
): Promise<void> {
  const file = catalogFileFor(dataDir, service.demo.accountId);
  const before = statSync(file).mtimeMs;

  const lookup = await cli(dataDir, ["lookup", known.barcode as string, "--json"], user);
  expect(lookup.stderr).toBe("");
  expect(lookup.code).toBe(0);
  expect(JSON.parse(lookup.stdout).match.product.id).toBe(known.id);

  const search = await cli(dataDir, ["search", known.name, "--json"], user);
  expect(search.code).toBe(0);
  expect((JSON.parse(search.stdout).results as Product[]).map((p) => p.id)).toContain(known.id);

  const status = await cli(dataDir, ["status", "--json"], user);
  expect(status.code).toBe(0);
  expect(JSON.parse(status.stdout)).toMatchObject({
    products: liveCount,
    catalogProblem: { kind: "read-only", message: expect.stringContaining("cannot sync") },
  });
  const words = await cli(dataDir, ["status"], user);
  expect(words.stdout).toMatch(/cannot be written: lookups and search answer from the catalog as it is/);

  expectPlainFailure(await cli(dataDir, ["sync"], user), cannotWrite);
  expectPlainFailure(await cli(dataDir, ["sync", "--full"], user), cannotWrite);
  const signIn = await cli(dataDir, demoLoginArgs(service.demo), user);
  if (sessionWritable) expect(signIn.code).toBe(0);
  else expectPlainFailure(signIn, cannotWrite);
  // A sign-in does not make the catalog writable: the sync still says why it cannot run.
  expectPlainFailure(await cli(dataDir, ["sync"], user), cannotWrite);
  expect(statSync(file).mtimeMs).toBe(before);
}

describe("a catalog this user cannot write", () => {
  it("in a read-only folder answers lookups, search and status; sync and sign-in say why they cannot", async () => {
    const dataDir = await syncedDataDir();
    handToReader(dataDir);
    lockDown(dataDir);
    await expectReadableNotWritable(dataDir, reader, false);
  });

  it("in a read-only file (the folder writable) does the same", async () => {
    const dataDir = await syncedDataDir();
    handToReader(dataDir);
    const file = catalogFileFor(dataDir, service.demo.accountId);
    chmodSync(file, 0o444);
    await expectReadableNotWritable(dataDir, reader, true);
  });
});

/**
 * A data directory on a tmpfs of its own, signed in and synced, `prepare`d, then remounted read-only
 * (as Linux does after disk errors) for `work`; unmounted afterwards. Root only.
 */
async function onReadOnlyMount(
  prepare: (dataDir: string) => void,
  work: (dataDir: string) => Promise<void>,
): Promise<void> {
  const mountPoint = await newDir();
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=20m", "tmpfs", mountPoint]);
  try {
    const dataDir = await syncedDataDir(mountPoint);
    prepare(dataDir);
    execFileSync("mount", ["-o", "remount,ro", mountPoint]);
    await work(dataDir);
  } finally {
    execFileSync("umount", ["-l", mountPoint]);
  }
}

describe("a file system remounted read-only", () => {
  it.runIf(isRoot)("still answers lookups, search and status, even for root", async () => {
    await onReadOnlyMount(
      () => undefined,
      (dataDir) => expectReadableNotWritable(dataDir, undefined, false),
    );
  });

  it.runIf(isRoot)("with a damaged catalog: status reports the damage, lookups say it plainly", async () => {
    const damaged = /catalog file .* is damaged, and its disk cannot be written/;
    await onReadOnlyMount(
      (dataDir) => damageMiddle(catalogFileFor(dataDir, service.demo.accountId)),
      async (dataDir) => {
        expectPlainFailure(await cli(dataDir, ["lookup", known.barcode as string]), damaged);
        const status = await cli(dataDir, ["status", "--json"]);
        expect(status.code).toBe(0);
        expect(JSON.parse(status.stdout).catalogProblem).toEqual({
          kind: "damaged",
          message: expect.stringMatching(damaged),
        });
      },
    );
  });

  if (!isRoot) it.skip("needs root to mount a read-only file system: run the tests as root");
});
