// The picture run in a Node child process of its own (forked-worker.ts), as `npm run ui` and the
// browser tests' tills run it: real processes, read and killed through Linux's /proc and signals,
// against the reference service's own picture routes over loopback.
import { getPriority } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { backgroundNice } from "../../../src/core/workers/background-priority.ts";
import { forkedWorker } from "../../../src/core/workers/forked-worker.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import type { AppStatus } from "../../../src/shared/catalog/app-status.ts";
import {
  openTestService,
  signInDemoService,
  statusWhen,
  syncsInWorkers,
  syncsSettled,
  type TestCatalogService,
} from "../../support/catalog-service-fixtures.ts";
import { heldPictures, notWhole } from "../../support/held-pictures.ts";
import { allEnded, type ChildProcessInfo, childrenRunning, threadNices } from "../../support/process-tree.ts";
import { adminApi, tempDir } from "../../support/service-fixtures.ts";
import { startWorkerApp } from "../../support/worker-app.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** `latencyMs` on every answer: a run then lasts long enough to be stopped half-way. */
async function reference(seed: number, latencyMs = 0): Promise<RunningService> {
  const running = await startService({ port: 0, demoProducts: 600, seed, latencyMs });
  cleanups.push(() => running.close());
  return running;
}

/**
 * A catalog service over a fresh folder, its picture runs in processes, `onStatus` told of every
 * status from the start; signed in to `running` and synced, the first picture run then under way.
 */
async function pictureTill(
  running: RunningService,
  onStatus: (status: AppStatus, dir: string) => void,
  dir?: string,
): Promise<{ dir: string; test: TestCatalogService }> {
  const folder = dir ?? (await newDataDir());
  const test = openTestService(folder, { createPictureWorker: forkedWorker });
  cleanups.push(() => test.service.close());
  test.service.onStatusChanged((status) => onStatus(status, folder));
  await test.service.start();
  await signInDemoService(test.service, running);
  await syncsSettled(test);
  return { dir: folder, test };
}

async function newDataDir(): Promise<string> {
  const made = await tempDir();
  cleanups.push(made.remove);
  return made.path;
}

/** The picture worker processes this process has started and that still run. */
const pictureProcesses = (): ChildProcessInfo[] => childrenRunning(process.pid, "image-worker");

const pictureRunEnded = (status: AppStatus) => !status.images.running && status.images.cached > 0;

const noPictureProcessLeft = () => allEnded(pictureProcesses().map((child) => child.pid));

describe("a picture run in a process of its own", syncsInWorkers, () => {
  it("downloads every picture with each thread of that process below the till's priority, and ends the process after", async () => {
    const running = await reference(91);
    const tillPriority = getPriority();
    let nices: number[] = [];
    const { test } = await pictureTill(running, (status) => {
      // Progress comes from the running job, after its process has lowered itself.
      const [child] = pictureProcesses();
      if (nices.length === 0 && status.images.progress !== null && child !== undefined)
        nices = threadNices(child.pid);
    });
    const done = await statusWhen(test, pictureRunEnded);

    expect(done.images).toMatchObject({ cached: done.images.wanted, problem: null });
    expect(done.images.wanted).toBeGreaterThan(10);
    expect(nices.length).toBeGreaterThan(1);
    for (const nice of nices) expect(nice).toBeGreaterThanOrEqual(backgroundNice);
    expect(getPriority()).toBe(tillPriority);
    expect(await noPictureProcessLeft()).toBe(true);
  });

  it("killed mid-run: lookups keep answering, every picture held is whole, and the next run fetches the rest", async () => {
    const running = await reference(92, 60);
    let killed = 0;
    const { dir, test } = await pictureTill(running, (status, folder) => {
      // Once the run has written some pictures (in batches a second old at most), and before its end.
      const progress = status.images.progress;
      if (killed > 0 || progress === null || progress.fetched >= progress.toFetch) return;
      if (heldPictures(folder).size === 0) return;
      const children = pictureProcesses();
      for (const child of children) process.kill(child.pid, "SIGKILL");
      killed = children.length;
    });
    const stopped = await statusWhen(test, (status) => killed > 0 && !status.images.running);

    expect(stopped.images.cached).toBeGreaterThan(0);
    expect(stopped.images.cached).toBeLessThan(stopped.images.wanted);
    const held = heldPictures(dir);
    expect(held.size).toBeGreaterThan(0);
    expect(notWhole(held)).toEqual([]);
    const [code] = (await (await adminApi(running)).liveRecords()).flatMap((product) =>
      product.barcode ? [product.barcode] : [],
    );
    expect((await test.service.lookup({ code: code as string })).match).not.toBeNull();

    // The next sync's run continues: what was held stays, the rest comes.
    await test.service.startSync({ mode: "incremental" });
    const done = await statusWhen(
      test,
      (status) => pictureRunEnded(status) && status.images.cached === status.images.wanted,
    );
    expect(done.images.problem).toBeNull();
    const after = heldPictures(dir);
    for (const hash of held.keys()) expect(after.has(hash)).toBe(true);
    expect(notWhole(after)).toEqual([]);
    expect(await noPictureProcessLeft()).toBe(true);
  });

  it("ends when the app that started it is killed, every picture held whole, the rest left to the next app", async () => {
    // Each answer held 60 ms: the run would go on for seconds after its app is killed.
    const running = await reference(93, 60);
    const dir = await newDataDir();
    const { app, workerPid } = await startWorkerApp("pictures", dir, running, (started) =>
      cleanups.push(async () => started.kill("SIGKILL")),
    );
    app.kill("SIGKILL");
    expect(await allEnded([workerPid])).toBe(true);
    const orphaned = heldPictures(dir);
    expect(notWhole(orphaned)).toEqual([]);

    const { test } = await pictureTill(running, () => undefined, dir);
    const done = await statusWhen(
      test,
      (status) => pictureRunEnded(status) && status.images.cached === status.images.wanted,
    );
    expect(done.images.problem).toBeNull();
    // It stopped: it did not go on to the end of the pictures on its own.
    const after = heldPictures(dir);
    expect(orphaned.size).toBeLessThan(after.size);
    expect(notWhole(after)).toEqual([]);
  });
});
