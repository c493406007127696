// The app's catalog service fetches the pictures after each sync, never before it, in a worker thread:
// the status follows the run, and lookups and product views answer each cached picture's hash. Against the reference
// service's demo catalog, whose pictures are on its own routes.
import { afterAll, describe, expect, it, vi } from "vitest";
import { startService } from "../../../src/server/service.ts";
import type { Product } from "../../../src/shared/api/product.ts";
import type { AppStatus } from "../../../src/shared/catalog/app-status.ts";
import { isImageHash } from "../../../src/shared/catalog/product-pictures.ts";
import {
  openTestService,
  signInDemoService,
  statusWhen,
  syncsInWorkers,
  syncsSettled,
} from "../../support/catalog-service-fixtures.ts";
import { startPictureHost } from "../../support/picture-host.ts";
import { adminApi, tempDir } from "../../support/service-fixtures.ts";

// Counts downloads made on this (the main) thread; the picture worker loads its own, unwatched copy.
const mainThreadDownloads = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../../src/core/images/image-download.ts", async (original) => {
  const actual = await original<typeof import("../../../src/core/images/image-download.ts")>();
  return {
    ...actual,
    downloadImage: (...args: Parameters<typeof actual.downloadImage>) => {
      mainThreadDownloads.count += 1;
      return actual.downloadImage(...args);
    },
  };
});

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const pictured = (product: Product) => typeof (product.images as Record<string, unknown>)["2x"] === "string";

describe("the catalog service's pictures", syncsInWorkers, () => {
  it("are downloaded after the sync in a worker thread, shown in the status, and answered with lookups", async () => {
    const running = await startService({ port: 0, demoProducts: 120 });
    cleanups.push(() => running.close());
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const test = openTestService(dir.path);
    cleanups.push(() => test.service.close());
    await test.service.start();
    await signInDemoService(test.service, running);
    await syncsSettled(test);
    // The pictures start as the sync ends: wait for a status that shows them done.
    const finished = (status: AppStatus) => !status.images.running && status.images.cached > 0;
    const done = await statusWhen(test, finished);

    const live = await (await adminApi(running)).liveRecords();
    const withPictures = live.filter(pictured);
    expect(withPictures.length).toBeGreaterThan(10);
    expect(done.images).toMatchObject({
      cached: withPictures.length,
      wanted: withPictures.length,
      running: false,
      enabled: true,
      problem: null,
      capBytes: 500_000_000,
      progress: null,
    });
    expect(done.images.bytes).toBeGreaterThan(0);
    expect(mainThreadDownloads.count).toBe(0);
    // While it ran, the status said how far it had got.
    expect(test.statuses.some((status) => status.images.running && status.images.progress !== null)).toBe(
      true,
    );
    // Pictures never ran alongside the sync.
    expect(test.statuses.some((status) => status.images.running && status.sync.running)).toBe(false);

    const product = withPictures.find((record) => typeof record.barcode === "string") as Product;
    const answer = await test.service.lookup({ code: product.barcode as string });
    expect(answer.match?.product.id).toBe(product.id);
    const hash = answer.match?.pictures[product.id] as string;
    expect(isImageHash(hash)).toBe(true);
    expect((await test.service.product({ id: product.id }))?.pictures[product.id]).toBe(hash);
    const without = live.find((record) => !pictured(record) && typeof record.barcode === "string") as Product;
    const plain = await test.service.lookup({ code: without.barcode as string });
    expect(plain.match?.pictures[without.id]).toBeUndefined();
  });

  it("whose host was away are fetched at the next sync once it answers again, not after the back-off", async () => {
    const running = await startService({ port: 0, demoProducts: 0 });
    cleanups.push(() => running.close());
    const host = await startPictureHost();
    const admin = await adminApi(running);
    for (const number of [1, 2, 3, 4]) {
      await admin.createProduct({
        name: `Box ${number}`,
        images: { "2x": `${host.baseUrl}/good/${number}.png` },
      });
    }
    await host.close();
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const test = openTestService(dir.path);
    cleanups.push(() => test.service.close());
    await test.service.start();
    const ran = (status: AppStatus) => !status.images.running && status.images.problem !== null;
    const failing = test.nextStatus(ran);
    await signInDemoService(test.service, running);
    expect((await failing).images).toMatchObject({ cached: 0, wanted: 4 });

    const back = await startPictureHost({ port: Number(new URL(host.baseUrl).port) });
    cleanups.push(() => back.close());
    const fetched = test.nextStatus((status) => !status.images.running && status.images.cached === 4);
    await test.service.startSync({ mode: "incremental" });
    expect((await fetched).images).toMatchObject({ cached: 4, wanted: 4, problem: null });
    expect(back.requests).toHaveLength(4);
  });

  it("stop downloading when the till signs out", async () => {
    const running = await startService({ port: 0, demoProducts: 0 });
    cleanups.push(() => running.close());
    const host = await startPictureHost();
    cleanups.push(() => host.close());
    const admin = await adminApi(running);
    for (let number = 1; number <= 40; number++) {
      await admin.createProduct({
        name: `Box ${number}`,
        images: { "2x": `${host.baseUrl}/slow/${number}.png` },
      });
    }
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const test = openTestService(dir.path);
    cleanups.push(() => test.service.close());
    await test.service.start();
    const downloading = test.nextStatus((status) => (status.images.progress?.fetched ?? 0) > 0);
    await signInDemoService(test.service, running);
    await downloading;
    await test.service.signOut();
    const stopped = (await test.service.status()).images.running
      ? await test.nextStatus((status) => !status.images.running)
      : await test.service.status();
    const asked = host.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(host.requests).toHaveLength(asked);
    expect(asked).toBeLessThan(40);
    expect(stopped.images.cached).toBeLessThan(40);
  });

  it("are left alone when the setting turns them off", async () => {
    const running = await startService({ port: 0, demoProducts: 60 });
    cleanups.push(() => running.close());
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const test = openTestService(dir.path);
    cleanups.push(() => test.service.close());
    await test.service.start();
    await test.service.changeSettings({ images: { enabled: false, capMegabytes: 50 } });
    await signInDemoService(test.service, running);
    await syncsSettled(test);
    const status = await test.service.status();
    expect(status.images).toMatchObject({ enabled: false, cached: 0, running: false, capBytes: 50_000_000 });
    await expect(test.service.changeSettings({ images: { enabled: true, capMegabytes: 0 } })).rejects.toThrow(
      /at least 1 MB/u,
    );
  });
});
