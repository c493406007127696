// A sync killed (SIGKILL, a real child process) inside long runs of products sharing one updated_at,
// and resumed each time with another page size: the catalog must end level with the service. A
// checkpoint that kept a page number counted in the old size lost products here.

import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { makeEqualTimestampRuns } from "../../../soak/equal-timestamp-runs.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { demoLoginArgs, runCli, startCli } from "../../support/cli-process.ts";
import { type MisbehavingUpstream, startMisbehavingUpstream } from "../../support/misbehaving-upstream.ts";
import {
  adminApi,
  integrityCheck,
  localCount,
  localProducts,
  tempDir,
} from "../../support/service-fixtures.ts";

// Real child processes on a shared, busy machine: room for each to finish.
vi.setConfig({ testTimeout: 90_000 });

let service: RunningService;
let upstream: MisbehavingUpstream;
let dir: Awaited<ReturnType<typeof tempDir>>;
let serviceDir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  serviceDir = await tempDir();
  const database = join(serviceDir.path, "service.sqlite");
  await (await startService({ port: 0, database, demoProducts: 600, seed: 44 })).close();
  expect(makeEqualTimestampRuns(database, 150)).toBeGreaterThanOrEqual(4);
  service = await startService({ port: 0, database });
  upstream = await startMisbehavingUpstream(service.baseUrl);
  // Slow pages, so the kills land between pages inside a run rather than after the sync.
  upstream.behave({ delayMs: 25 });
  dir = await tempDir();
});
afterAll(async () => {
  await upstream.close();
  await service.close();
  await dir.remove();
  await serviceDir.remove();
});

it("resumes inside a run of equal instants with another page size and loses nothing", async () => {
  const { accountId } = service.demo;
  const args = ["--data-dir", dir.path];
  expect(
    (await runCli([...args, ...demoLoginArgs({ ...service.demo, baseUrl: upstream.baseUrl })])).code,
  ).toBe(0);

  // Each kill lands partway into a run of 150: the next run starts with a different size.
  const plan = [
    { size: "7", killAt: 60 },
    { size: "40", killAt: 220 },
    { size: "11", killAt: 370 },
  ];
  let killed = 0;
  for (const { size, killAt } of plan) {
    const { child, done } = startCli([...args, "sync", "--page-size", size]);
    let exited = false;
    void done.then(() => {
      exited = true;
    });
    while (!exited && localCount(dir.path, service.demo.accountId) < killAt) await sleep(5);
    child.kill("SIGKILL");
    if ((await done).signal === "SIGKILL") killed++;
    expect(integrityCheck(dir.path, accountId)).toBe("ok");
  }
  expect(killed).toBeGreaterThanOrEqual(2);

  const final = await runCli([...args, "sync", "--page-size", "97", "--json"]);
  expect(final.code).toBe(0);
  const server = await (await adminApi(service)).liveProducts();
  expect(localProducts(dir.path, accountId)).toEqual(server);
  expect(JSON.parse(final.stdout)).toMatchObject({ resumed: true, mismatch: false, products: server.size });
  expect(integrityCheck(dir.path, accountId)).toBe("ok");
});
