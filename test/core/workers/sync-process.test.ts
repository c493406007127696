// The sync in a Node child process of its own (forked-worker.ts), as `npm run ui` and the benches run
// it: real processes, read and killed through Linux's /proc and signals, against the reference service
// over loopback.
import { getPriority } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { backgroundNice } from "../../../src/core/workers/background-priority.ts";
import { forkedWorker } from "../../../src/core/workers/forked-worker.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import {
  openTestService,
  signInDemoService,
  syncsInWorkers,
  syncsSettled,
  type TestCatalogService,
} from "../../support/catalog-service-fixtures.ts";
import { failure } from "../../support/expect-failure.ts";
import { allEnded, type ChildProcessInfo, childrenRunning, threadNices } from "../../support/process-tree.ts";
import { adminApi, localProducts, tempDir } from "../../support/service-fixtures.ts";
import { startWorkerApp } from "../../support/worker-app.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

// Many small pages, so that a sync is still running when the test looks at it or stops it.
const products = 300;
const pageSize = 15;

async function reference(seed: number, latencyMs = 0): Promise<RunningService> {
  const running = await startService({ port: 0, demoProducts: products, seed, latencyMs });
  cleanups.push(() => running.close());
  return running;
}

async function newDataDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

/** A catalog service signed in to `running`, its first sync done in a process, pages made small after. */
async function signedInService(running: RunningService): Promise<{ dir: string; test: TestCatalogService }> {
  const dir = await newDataDir();
  const test = openTestService(dir, { pictures: false, createSyncWorker: forkedWorker });
  cleanups.push(() => test.service.close());
  await test.service.start();
  await signInDemoService(test.service, running);
  await syncsSettled(test);
  await test.service.changeSettings({ pageSize });
  return { dir, test };
}

/** The sync worker processes `parent` has started and that still run. */
const syncProcessesOf = (parent: number): ChildProcessInfo[] => childrenRunning(parent, "sync-worker");

describe("a sync in a process of its own", syncsInWorkers, () => {
  it("syncs the whole catalog with every thread of that process below the till's priority, and ends the process after", async () => {
    const running = await reference(71);
    const { dir, test } = await signedInService(running);
    const tillPriority = getPriority();
    let seen: { process: ChildProcessInfo; nices: number[] } | undefined;
    const stop = test.service.onSyncProgress((progress) => {
      if (seen !== undefined || progress.pages < 2) return;
      const [child] = syncProcessesOf(process.pid);
      if (child !== undefined) seen = { process: child, nices: threadNices(child.pid) };
    });
    const summary = await test.service.startSync({ mode: "full" });
    stop();

    expect(summary).toMatchObject({ mode: "full", mismatch: false });
    expect(localProducts(dir, running.demo.accountId)).toEqual(
      await (await adminApi(running)).liveProducts(),
    );
    if (seen === undefined) throw new Error("no sync process was running during the sync");
    expect(seen.process.command).toContain("--single-threaded-gc");
    expect(seen.nices.length).toBeGreaterThan(1);
    for (const nice of seen.nices) expect(nice).toBeGreaterThanOrEqual(backgroundNice);
    expect(getPriority()).toBe(tillPriority);
    const { pid } = seen.process;
    expect(await allEnded([pid])).toBe(true);
  });

  it("reports a sync process killed mid-sync in plain words, keeps answering, and resumes on the next sync", async () => {
    const running = await reference(72);
    const { dir, test } = await signedInService(running);
    const [code] = (await (await adminApi(running)).liveRecords()).flatMap((product) =>
      product.barcode ? [product.barcode] : [],
    );
    const stop = test.service.onSyncProgress((progress) => {
      if (progress.pages < 4) return;
      for (const child of syncProcessesOf(process.pid)) process.kill(child.pid, "SIGKILL");
    });
    const error = await failure(test.service.startSync({ mode: "full" }));
    stop();
    expect(error.kind).toBe("internal");
    expect(error.message).toMatch(/stopped unexpectedly.*continues where it stopped/u);
    expect(await test.service.status()).toMatchObject({ syncUnfinished: true, sync: { running: false } });
    expect((await test.service.lookup({ code: code as string })).match).not.toBeNull();

    const resumed = await test.service.startSync({ mode: "incremental" });
    expect(resumed).toMatchObject({ mode: "full", resumed: true });
    expect(resumed.received).toBeLessThan(products);
    expect(localProducts(dir, running.demo.accountId)).toEqual(
      await (await adminApi(running)).liveProducts(),
    );
  });

  it("is cancelled through the process, which ends, and the next sync resumes", async () => {
    const running = await reference(73);
    const { test } = await signedInService(running);
    const stop = test.service.onSyncProgress((progress) => {
      if (progress.pages >= 3) void test.service.cancelSync();
    });
    const error = await failure(test.service.startSync({ mode: "full" }));
    stop();
    expect(error.kind).toBe("cancelled");
    expect(await allEnded(syncProcessesOf(process.pid).map((child) => child.pid))).toBe(true);
    const resumed = await test.service.startSync({ mode: "incremental" });
    expect(resumed).toMatchObject({ resumed: true, mismatch: false });
  });

  it("ends when the app that started it is killed, leaving the catalog to the next app", async () => {
    // Each answer held 60 ms: the sync of 40 pages would run on for seconds after its app is killed.
    const running = await reference(74, 60);
    const dir = await newDataDir();
    const { app, workerPid } = await startWorkerApp("sync", dir, running, (started) =>
      cleanups.push(async () => started.kill("SIGKILL")),
    );
    app.kill("SIGKILL");
    expect(await allEnded([workerPid])).toBe(true);
    // It stopped: it did not go on to the end of the catalog on its own.
    expect(localProducts(dir, running.demo.accountId).size).toBeLessThan(products);

    const next = openTestService(dir, { pictures: false, createSyncWorker: forkedWorker });
    cleanups.push(() => next.service.close());
    await next.service.start();
    await syncsSettled(next);
    await signInDemoService(next.service, running);
    await syncsSettled(next);
    expect(localProducts(dir, running.demo.accountId)).toEqual(
      await (await adminApi(running)).liveProducts(),
    );
  });
});
