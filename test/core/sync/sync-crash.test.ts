// A sync in a real child process, killed with SIGKILL at random points: each restart resumes from the
// last committed page and the catalog ends level with the service, the database intact.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRandom } from "../../../src/server/faults/seeded-random.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { demoLoginArgs, runCli, startCli } from "../../support/cli-process.ts";
import {
  adminApi,
  integrityCheck,
  localCount,
  localProducts,
  tempDir,
} from "../../support/service-fixtures.ts";

/**
 * How often the tests look at the catalog while a child syncs: each look opens the file and counts
 * (every 5 ms, the looks took more of a core than the syncs). A sync of pages of 50 moves on by a page
 * or two in that time, and a page 300 ms away is still on its way.
 */
const lookEveryMs = 20;

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  // Four kills of 150-350 products each land well inside 2,000 (4,000 synced twice the products for
  // the same four kills).
  service = await startService({ port: 0, demoProducts: 2000, seed: 21 });
  dir = await tempDir();
});
afterAll(async () => {
  await service.close();
  await dir.remove();
});

it("resumes from its checkpoint after being killed mid-sync, and converges intact", async () => {
  const { accountId } = service.demo;
  const login = await runCli(["--data-dir", dir.path, ...demoLoginArgs(service.demo)]);
  expect(login.code).toBe(0);

  const random = createRandom(8);
  let killedMidSync = 0;
  for (let round = 0; round < 4; round++) {
    const target = localCount(dir.path, service.demo.accountId) + random.int(150, 350);
    const { child, done } = startCli(["--data-dir", dir.path, "sync", "--page-size", "50"]);
    let exited = false;
    void done.then(() => {
      exited = true;
    });
    while (!exited && localCount(dir.path, service.demo.accountId) < target) await sleep(lookEveryMs);
    child.kill("SIGKILL");
    const result = await done;
    if (result.signal === "SIGKILL") killedMidSync++;
    expect(integrityCheck(dir.path, accountId)).toBe("ok");
  }
  expect(killedMidSync).toBeGreaterThanOrEqual(2);

  const before = localCount(dir.path, service.demo.accountId);
  const final = await runCli(["--data-dir", dir.path, "sync", "--page-size", "50", "--json"]);
  expect(final.code).toBe(0);
  const summary = JSON.parse(final.stdout);
  const server = await (await adminApi(service)).liveProducts();
  expect(summary).toMatchObject({ mode: "full", resumed: true, mismatch: false, products: server.size });
  // Resumed from the checkpoint, not from page 0: a walk from the start would receive every live
  // product (and the deleted ones after them); only what was not yet committed comes again.
  expect(before).toBeGreaterThan(500);
  expect(summary.received).toBeLessThan(server.size);
  expect(localProducts(dir.path, accountId)).toEqual(server);
  expect(integrityCheck(dir.path, accountId)).toBe("ok");
});

it("loses nothing when killed while the next page is on its way", async () => {
  // Every answer held 300 ms: when a page's commit shows, the next page was asked for before it and
  // is still on its way, so each kill below lands in the middle of a read-ahead.
  // Three pages of 200 kept, and as many again left for the final sync.
  const far = await startService({ port: 0, demoProducts: 1200, seed: 22, latencyMs: 300 });
  const farDir = await tempDir();
  try {
    const { accountId } = far.demo;
    expect((await runCli(["--data-dir", farDir.path, ...demoLoginArgs(far.demo)])).code).toBe(0);
    for (let round = 0; round < 3; round++) {
      const before = localCount(farDir.path, accountId);
      const { child, done } = startCli(["--data-dir", farDir.path, "sync", "--page-size", "200"]);
      while (localCount(farDir.path, accountId) === before) await sleep(lookEveryMs);
      child.kill("SIGKILL");
      expect((await done).signal).toBe("SIGKILL");
      expect(integrityCheck(farDir.path, accountId)).toBe("ok");
    }
    const kept = localCount(farDir.path, accountId);
    const final = await runCli(["--data-dir", farDir.path, "sync", "--page-size", "200", "--json"]);
    expect(final.code).toBe(0);
    const server = await (await adminApi(far)).liveProducts();
    expect(JSON.parse(final.stdout)).toMatchObject({ resumed: true, mismatch: false, products: server.size });
    // Three pages kept, less the products at their boundaries that each later page asks for again.
    expect(kept).toBeGreaterThan(500);
    expect(JSON.parse(final.stdout).received).toBeLessThan(server.size);
    expect(localProducts(farDir.path, accountId)).toEqual(server);
  } finally {
    await far.close();
    await farDir.remove();
  }
});
