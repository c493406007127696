// The desktop app's syncs and picture runs in Electron utility processes (utility-process-worker.ts),
// Electron's fork doubled by a real Node child process that is given `process.parentPort` as a utility
// process is (test/support/utility-process-double.ts): the real workers, the reference service over
// loopback.
import { afterAll, describe, expect, it } from "vitest";
import { backgroundNice } from "../../src/core/workers/background-priority.ts";
import { utilityProcessWorker } from "../../src/main/utility-process-worker.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import {
  openTestService,
  signInDemoService,
  statusWhen,
  syncsInWorkers,
  syncsSettled,
} from "../support/catalog-service-fixtures.ts";
import { failure } from "../support/expect-failure.ts";
import { allEnded, threadNices } from "../support/process-tree.ts";
import { adminApi, localProducts, tempDir } from "../support/service-fixtures.ts";
import { utilityProcessDouble } from "../support/utility-process-double.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function reference(seed: number): Promise<RunningService> {
  const running = await startService({ port: 0, demoProducts: 300, seed });
  cleanups.push(() => running.close());
  return running;
}

async function signedIn(running: RunningService) {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const utility = utilityProcessDouble();
  const test = openTestService(dir.path, {
    pictures: false,
    createSyncWorker: utilityProcessWorker(utility.fork, "Catalog sync"),
  });
  cleanups.push(() => test.service.close());
  await test.service.start();
  await signInDemoService(test.service, running);
  await syncsSettled(test);
  await test.service.changeSettings({ pageSize: 15 });
  return { dir: dir.path, test, utility };
}

describe("the desktop app's sync in a utility process", syncsInWorkers, () => {
  it("syncs the catalog in a named process below the app's priority, and ends it after", async () => {
    const running = await reference(81);
    const { dir, test, utility } = await signedIn(running);
    let nices: number[] = [];
    const stop = test.service.onSyncProgress((progress) => {
      const pid = utility.forks.at(-1)?.pid;
      if (nices.length === 0 && progress.pages >= 2 && pid !== undefined) nices = threadNices(pid);
    });
    const summary = await test.service.startSync({ mode: "full" });
    stop();

    expect(summary).toMatchObject({ mode: "full", mismatch: false });
    expect(localProducts(dir, running.demo.accountId)).toEqual(
      await (await adminApi(running)).liveProducts(),
    );
    // The sign-in's sync and this one, each in a process of its own.
    expect(utility.forks).toHaveLength(2);
    for (const fork of utility.forks) {
      expect(fork.modulePath).toMatch(/sync-worker/u);
      expect(fork.options.serviceName).toBe("Catalog sync");
    }
    expect(nices.length).toBeGreaterThan(1);
    for (const nice of nices) expect(nice).toBeGreaterThanOrEqual(backgroundNice);
    // A utility process stays while its parent port listens: the app ends it after its last message.
    for (const fork of utility.forks) expect(await allEnded([fork.pid])).toBe(true);
  });

  it("ends the process of a cancelled sync, and the next sync resumes", async () => {
    const running = await reference(82);
    const { test, utility } = await signedIn(running);
    const stop = test.service.onSyncProgress((progress) => {
      if (progress.pages >= 3) void test.service.cancelSync();
    });
    const error = await failure(test.service.startSync({ mode: "full" }));
    stop();
    expect(error.kind).toBe("cancelled");
    expect(await allEnded([utility.forks.at(-1)?.pid])).toBe(true);
    expect(await test.service.startSync({ mode: "incremental" })).toMatchObject({ resumed: true });
  });
});

describe("the desktop app's picture run in a utility process", syncsInWorkers, () => {
  it("downloads the pictures in a named process below the app's priority, and ends it after", async () => {
    const running = await startService({ port: 0, demoProducts: 300, seed: 83 });
    cleanups.push(() => running.close());
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const utility = utilityProcessDouble();
    const test = openTestService(dir.path, {
      createPictureWorker: utilityProcessWorker(utility.fork, "Product pictures"),
    });
    cleanups.push(() => test.service.close());
    let nices: number[] = [];
    const stop = test.service.onStatusChanged((status) => {
      const pid = utility.forks.at(-1)?.pid;
      // Progress comes from the running job, after the process has lowered itself.
      if (nices.length === 0 && status.images.progress !== null && pid !== undefined)
        nices = threadNices(pid);
    });
    await test.service.start();
    await signInDemoService(test.service, running);
    await syncsSettled(test);
    const done = await statusWhen(test, (status) => !status.images.running && status.images.cached > 0);
    stop();

    expect(done.images.cached).toBe(done.images.wanted);
    expect(done.images.problem ?? null).toBeNull();
    expect(utility.forks.length).toBeGreaterThan(0);
    for (const fork of utility.forks) {
      expect(fork.modulePath).toMatch(/image-worker/u);
      expect(fork.options.serviceName).toBe("Product pictures");
      expect(await allEnded([fork.pid])).toBe(true);
    }
    expect(nices.length).toBeGreaterThan(1);
    for (const nice of nices) expect(nice).toBeGreaterThanOrEqual(backgroundNice);
  });
});
