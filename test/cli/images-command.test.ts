// `images sync|status|prune` as a headless till runs them: the real CLI as a child process against the
// reference service, killed mid-download to show that a run cut off leaves no half picture and the
// next one finishes the job.
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { demoLoginArgs, runCli, startCli } from "../support/cli-process.ts";
import { heldPictures, notWhole } from "../support/held-pictures.ts";
import { adminApi, tempDir } from "../support/service-fixtures.ts";
import { copyTill } from "../support/till-copy.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Till = Awaited<ReturnType<typeof signedInTill>>;

async function newDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

/** A till signed in and synced by the real CLI, against a service of its own. */
async function signedInTill(options: { latencyMs?: number } = {}) {
  const service = await startService({ port: 0, demoProducts: 150, ...options });
  cleanups.push(() => service.close());
  const dir = await newDir();
  const flags = ["--data-dir", dir];
  const login = await runCli([...flags, ...demoLoginArgs(service.demo)]);
  expect(login.code, login.stderr).toBe(0);
  const sync = await runCli([...flags, "sync"]);
  expect(sync.code, sync.stderr).toBe(0);
  return { service, dir, flags, pictured: await picturedOn(service) };
}

async function picturedOn(service: RunningService): Promise<number> {
  const live = await (await adminApi(service)).liveRecords();
  return live.filter((product) => (product.images as Record<string, unknown>)["2x"]).length;
}

// One service and one synced till for the tests that do not slow the service down; each test works on
// a copy of the till, which holds no pictures yet.
let shared: Till;
beforeAll(async () => {
  shared = await signedInTill();
});

async function copiedTill(): Promise<Till> {
  const dir = copyTill(shared.dir, await newDir());
  return { ...shared, dir, flags: ["--data-dir", dir], pictured: await picturedOn(shared.service) };
}

/** The hashes of the held pictures, each checked to be a whole picture whose bytes hash to it. */
function wholePictures(dir: string): string[] {
  const held = heldPictures(dir);
  expect(notWhole(held)).toEqual([]);
  return [...held.keys()];
}

describe("the images command", () => {
  it("names a cap edited by hand into something unusable, and works with the default meanwhile", async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const settingsFile = join(dir.path, "settings.json");
    const statusWith = async (images: unknown) => {
      writeFileSync(settingsFile, JSON.stringify({ images }));
      return runCli(["--data-dir", dir.path, "images", "status", "--json"]);
    };
    const broken = await statusWith({ enabled: false, capMegabytes: 0 });
    expect(broken.code, broken.stderr).toBe(0);
    expect(broken.stderr).toContain("images.capMegabytes: The picture cache's size must be at least 1 MB");
    expect(broken.stderr).toContain(settingsFile);
    expect(JSON.parse(broken.stdout)).toMatchObject({ capBytes: 500_000_000, enabled: true });
    const fine = await statusWith({ enabled: false, capMegabytes: 7 });
    expect(fine.stderr).toBe("");
    expect(JSON.parse(fine.stdout)).toMatchObject({ capBytes: 7_000_000, enabled: false });
  });

  it("downloads, reports and prunes the pictures of a headless till", async () => {
    const till = await copiedTill();
    const before = await runCli([...till.flags, "images", "status", "--json"]);
    expect(JSON.parse(before.stdout)).toMatchObject({ cached: 0, running: false, enabled: true });

    const synced = await runCli([...till.flags, "images", "sync"]);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toMatch(new RegExp(`^Downloaded ${till.pictured * 2} pictures \\(`, "u"));
    expect(synced.stdout).toContain(
      `Pictures: ${till.pictured} of ${till.pictured} products with a picture are kept`,
    );
    expect(wholePictures(till.dir)).toHaveLength(till.pictured * 2);

    const status = await runCli([...till.flags, "status"]);
    expect(status.stdout).toContain(`Pictures: ${till.pictured} of ${till.pictured} products`);

    // A product deleted on the service: after the next sync, prune deletes its pictures.
    const admin = await adminApi(till.service);
    const victim = (await admin.liveRecords()).find(
      (product) => (product.images as Record<string, unknown>)["2x"],
    );
    await admin.deleteProduct(victim?.id as string);
    expect((await runCli([...till.flags, "sync"])).code).toBe(0);
    const pruned = await runCli([...till.flags, "images", "prune", "--json"]);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(JSON.parse(pruned.stdout)).toMatchObject({
      summary: { fetched: 0, deleted: 2 },
      status: { cached: till.pictured - 1 },
    });
    expect(wholePictures(till.dir)).toHaveLength((till.pictured - 1) * 2);
  });

  it("refuses an unknown action in plain words", async () => {
    const till = await copiedTill();
    const wrong = await runCli([...till.flags, "images", "download"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      '"download" is not something to do with the pictures: say sync, status or prune.',
    );
    const none = await runCli([...till.flags, "images"]);
    expect(none.stderr).toContain("Say what to do with the pictures: sync, status or prune.");
    const help = await runCli(["images", "--help"]);
    expect(help.stdout).toContain("images sync|status|prune [--json]");
  });

  it("killed mid-download, leaves only whole pictures, and the next run finishes the job", async () => {
    // Every answer 150 ms away: the run takes seconds, long enough to kill it half-way.
    const till = await signedInTill({ latencyMs: 150 });
    const { child, done } = startCli([...till.flags, "images", "sync"]);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (heldPictures(till.dir).size >= 10) break;
    }
    child.kill("SIGKILL");
    expect((await done).signal).toBe("SIGKILL");
    const cut = wholePictures(till.dir);
    expect(cut.length).toBeLessThan(till.pictured * 2);

    const resumed = await runCli([...till.flags, "images", "sync", "--json"]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const { summary, status } = JSON.parse(resumed.stdout);
    // Only what was missing is downloaded again: what a batch held is kept whole or not at all.
    expect(summary.fetched).toBe(till.pictured * 2 - cut.length);
    expect(status.cached).toBe(till.pictured);
    expect(wholePictures(till.dir)).toHaveLength(till.pictured * 2);
    // Nothing but the cache's own database in its folder.
    expect(readdirSync(join(till.dir, "images")).filter((name) => !name.startsWith("cache.sqlite"))).toEqual(
      [],
    );
  });
});
