// A sync in a real child process, killed with SIGKILL at random points: each restart resumes from the
// last committed page and the catalog ends level with the service, the database intact.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRandom } from "../../../src/server/seeded-random.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { demoLoginArgs, runCli, startCli } from "../../support/cli-process.ts";
import {
  adminApi,
  integrityCheck,
  localCount,
  localProducts,
  tempDir,
} from "../../support/service-fixtures.ts";

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 4000, seed: 21 });
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
    const target = localCount(dir.path, service.demo.accountId) + random.int(150, 700);
    const { child, done } = startCli(["--data-dir", dir.path, "sync", "--page-size", "50"]);
    let exited = false;
    void done.then(() => {
      exited = true;
    });
    while (!exited && localCount(dir.path, service.demo.accountId) < target) await sleep(5);
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
