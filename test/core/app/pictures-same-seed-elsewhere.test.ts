// Two reference services of one demo seed at two addresses: their catalogs name the same picture
// paths (`/images/demo/box-264-2x.png`, ...) at two hosts, and the product ids of the smaller one are
// the larger one's too. The app signs in to the first, signs out (while its pictures download, or once
// they are in), and signs in to the second with the first stopped: the picture cache must hold every
// picture the second catalog names, and every status of the second session count the second
// catalog's pictures, never the first's.
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { openCatalog } from "../../../src/core/app/index.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import type { Product } from "../../../src/shared/api/product.ts";
import type { AppStatus } from "../../../src/shared/catalog/app-status.ts";
import {
  openTestService,
  signInDemoService,
  statusWhen,
  type TestCatalogService,
} from "../../support/catalog-service-fixtures.ts";
import { hasPicture } from "../../support/demo-products.ts";
import { heldPictures } from "../../support/held-pictures.ts";
import { adminApi, tempDir } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The first catalog larger than the second, so that the second's products are some of the first's;
 * the services draw every picture on this process's core, so both are kept small.
 */
const firstSize = 160;
const secondSize = 60;

async function started(demoProducts: number): Promise<RunningService> {
  // No seed given: both take the default one.
  const service = await startService({ port: 0, demoProducts });
  cleanups.push(() => service.close());
  return service;
}

async function openApp(): Promise<{ test: TestCatalogService; dataDir: string }> {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const test = openTestService(dir.path);
  cleanups.push(() => test.service.close());
  await test.service.start();
  return { test, dataDir: dir.path };
}

/** A command's catalog in a new data directory: nothing runs unless asked, so each run is the test's. */
async function commandCatalog() {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const app = openCatalog({
    dataDir: dir.path,
    sync: "in-process",
    pictures: "in-process",
    background: false,
  });
  cleanups.push(() => app.close());
  await app.start();
  return app;
}

const pictured = async (service: RunningService): Promise<Product[]> =>
  (await (await adminApi(service)).liveRecords()).filter(hasPicture);

/** The status that shows `count` pictures held of `count`, with no run going: now or once it comes. */
function allHeld(test: TestCatalogService, count: number): Promise<AppStatus> {
  const done = (status: AppStatus) =>
    !status.sync.running &&
    !status.images.running &&
    status.images.cached === count &&
    status.images.wanted === count;
  return statusWhen(test, done);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * Signs in to the second service with the first stopped, and checks what the second session's
 * statuses counted and what the cache holds once its pictures are in.
 */
async function secondCatalogHeld(test: TestCatalogService, dataDir: string, second: RunningService) {
  const products = await pictured(second);
  // The premise: the same picture paths as the first service's, at the second one's address.
  for (const product of products) {
    for (const address of Object.values(product.images as Record<string, string>)) {
      expect(new URL(address).origin).toBe(second.baseUrl);
      expect(new URL(address).pathname).toMatch(/^\/images\/demo\//u);
    }
  }
  // Each picture of the second catalog by address, and the hash of its bytes.
  const hashes = new Map<string, string>();
  for (const product of products) {
    for (const address of Object.values(product.images as Record<string, string>)) {
      hashes.set(address, sha256(Buffer.from(await (await fetch(address)).arrayBuffer())));
    }
  }

  const before = test.statuses.length;
  await signInDemoService(test.service, second);
  const done = await allHeld(test, products.length);
  expect(done.images.problem).toBeNull();

  // Every status of the second session counted the second catalog's pictures or none yet.
  const session = test.statuses
    .slice(before)
    .filter((status) => status.account?.id === second.demo.accountId);
  expect(session.length).toBeGreaterThan(0);
  const counted = session.map((status) => `${status.images.cached} of ${status.images.wanted}`);
  expect(
    counted.filter((count) => !/^0 of 0$/u.test(count) && !count.endsWith(` of ${products.length}`)),
  ).toEqual([]);
  const toFetch = session.map((status) => status.images.progress?.toFetch ?? 0);
  expect(toFetch.filter((count) => count > hashes.size)).toEqual([]);

  // The cache holds every picture the second catalog names, and answers it for its product.
  const held = heldPictures(dataDir);
  expect([...hashes].filter(([, hash]) => !held.has(hash)).map(([address]) => address)).toEqual([]);
  for (const product of products) {
    const answer = await test.service.product({ id: product.id });
    const screen = (product.images as Record<string, string>)["2x"] as string;
    expect(answer?.pictures[product.id], product.name).toBe(hashes.get(screen));
  }
}

describe("pictures after a change to a service of the same seed at another address", () => {
  it("are all held and counted for the second catalog when the first one's were all in", async () => {
    const [first, second] = [await started(firstSize), await started(secondSize)];
    const { test, dataDir } = await openApp();
    await signInDemoService(test.service, first);
    await allHeld(test, (await pictured(first)).length);
    await test.service.signOut();
    await first.close();
    await secondCatalogHeld(test, dataDir, second);
  });

  it("are all held and counted for the second catalog when the first one's were still downloading", async () => {
    const [first, second] = [await started(firstSize), await started(secondSize)];
    // Every answer of the first service comes late, so its picture run is caught half-way: late enough
    // that the run outlasts the first progress it posts (at 30 ms a picture drawn once a process, it
    // could end before one said it had fetched anything).
    first.setFaults({ rate: 1, seed: 1, kinds: ["slow"], slowMs: 250 });
    const { test, dataDir } = await openApp();
    const downloading = test.nextStatus((status) => (status.images.progress?.fetched ?? 0) > 0);
    await signInDemoService(test.service, first);
    await downloading;
    await test.service.signOut();
    await first.close();
    await secondCatalogHeld(test, dataDir, second);
  });

  it("that failed in the session before are asked for at once in the next, with no problem kept", async () => {
    const service = await started(60);
    const products = await pictured(service);
    const app = await commandCatalog();
    await signInDemoService(app, service);
    await app.startSync({ mode: "full" });
    // Every picture answers 503: each is tried again in 10 minutes, and the status says so.
    service.setFaults({ rate: 1, seed: 1, kinds: ["503"] });
    expect(await app.pictures.run({ download: true })).toMatchObject({
      fetched: 0,
      failed: products.length * 2,
    });
    expect((await app.status()).images.problem).toMatch(/could not be downloaded/u);
    service.setFaults(null);

    await app.signOut();
    await signInDemoService(app, service);
    expect((await app.status()).images.problem).toBeNull();
    expect(await app.pictures.run({ download: true })).toMatchObject({
      fetched: products.length * 2,
      failed: 0,
    });
    expect((await app.status()).images).toMatchObject({ cached: products.length, wanted: products.length });
  });

  it("follow the addresses a fresh catalog names, though its products' versions are the ones planned", async () => {
    // One account behind two addresses (a proxy put in front): the same ids, credentials and
    // versions, each product's pictures named at its own service's address.
    const now = Date.now();
    const [first, second] = await Promise.all(
      [0, 1].map(() => startService({ port: 0, demoProducts: 120, demoSeed: 44, clock: () => now })),
    );
    cleanups.push(() => Promise.all([first?.close(), second?.close()]));
    const [one, two] = [first as RunningService, second as RunningService];
    expect(two.demo.accountId).toBe(one.demo.accountId);
    const products = await pictured(two);
    const app = await commandCatalog();
    await signInDemoService(app, one);
    await app.startSync({ mode: "full" });
    // Half the first catalog's pictures, then signed out, the catalog forgotten, the first stopped.
    const stop = new AbortController();
    const onProgress = (progress: { fetched: number }) => {
      if (progress.fetched >= products.length) stop.abort();
    };
    expect(await app.pictures.run({ download: true, signal: stop.signal, onProgress })).toMatchObject({
      cancelled: true,
    });
    await app.signOut({ forgetCatalog: true });
    // No catalog held, no picture of it counted.
    expect((await app.status()).images).toMatchObject({ cached: 0, wanted: 0 });
    await one.close();

    await signInDemoService(app, two);
    expect((await app.status()).images).toMatchObject({ cached: 0, wanted: 0 });
    await app.startSync({ mode: "full" });
    expect(await app.pictures.run({ download: true })).toMatchObject({ failed: 0 });
    expect((await app.status()).images).toMatchObject({
      cached: products.length,
      wanted: products.length,
      problem: null,
    });
  });
});
