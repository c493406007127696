// The desktop app's catalog service under plain Node, against the reference service over loopback:
// start-up offline, syncs in a worker thread while lookups answer, cancel, a killed worker, token
// renewal asked for by the worker, periodic and reconnect syncs on an injected clock, misses
// explained by a stale or mismatched catalog, a catalog found damaged while offline, and a till clock
// days off the service's.
import { threadId } from "node:worker_threads";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { catalogFileFor } from "../../../src/core/catalog/catalog-store.ts";
import { acquireSyncLock } from "../../../src/core/catalog/sync-lock.ts";
import type { ServiceClock } from "../../../src/core/service-clock.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import type { ErrorKind } from "../../../src/shared/app-error.ts";
import type { SyncProgress } from "../../../src/shared/catalog/sync-progress.ts";
import {
  openTestService,
  signInDemoService,
  syncsInWorkers,
  syncsSettled,
  type TestCatalogService,
} from "../../support/catalog-service-fixtures.ts";
import { damageMiddle } from "../../support/damage-file.ts";
import { failure } from "../../support/expect-failure.ts";
import { manualClock } from "../../support/manual-clock.ts";
import { adminApi, localProducts, tempDir } from "../../support/service-fixtures.ts";

// Counts page commits made on this (the main) thread; the worker loads its own, unwatched copy.
const mainThreadWrites = vi.hoisted(() => ({ pages: 0 }));
vi.mock("../../../src/core/catalog/catalog-writes.ts", async (original) => {
  const actual = await original<typeof import("../../../src/core/catalog/catalog-writes.ts")>();
  return {
    ...actual,
    catalogWrites: (...args: Parameters<typeof actual.catalogWrites>) => {
      const writes = actual.catalogWrites(...args);
      return {
        ...writes,
        applyPages: (...pages: Parameters<typeof writes.applyPages>) => {
          mainThreadWrites.pages += 1;
          return writes.applyPages(...pages);
        },
      };
    },
  };
});

// Pictures are tested in catalog-service-pictures.test.ts; here a picture run after every sync would
// only spend the cores.
const noPictures = { pictures: false } as const;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function referenceService(options: Parameters<typeof startService>[0]): Promise<RunningService> {
  const running = await startService({ port: 0, ...options });
  cleanups.push(() => running.close().catch(() => undefined));
  return running;
}

async function dataDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

function track(test: TestCatalogService): TestCatalogService {
  cleanups.push(() => test.service.close());
  return test;
}

/** A started catalog service, signed in to `running`, with its first sync done. */
async function syncedService(
  running: RunningService,
  options: {
    pageSize?: number;
    remember?: boolean;
    clock?: ServiceClock;
    workerUrls?: (URL | undefined)[];
  } = {},
) {
  const dir = await dataDir();
  const test = track(
    openTestService(dir, { ...noPictures, clock: options.clock, workerUrls: options.workerUrls }),
  );
  await test.service.start();
  const signedIn = await signInDemoService(test.service, running, options.remember);
  await syncsSettled(test);
  // The first sync in pages of the default size (one request); the small pages are for the syncs the
  // test watches.
  if (options.pageSize !== undefined) await test.service.changeSettings({ pageSize: options.pageSize });
  return { dir, test, signedIn };
}

/** A data directory signed in and synced by a catalog service that has closed since (the app quit). */
async function syncedAndClosed(running: RunningService): Promise<string> {
  const dir = await dataDir();
  const first = openTestService(dir, noPictures);
  await first.service.start();
  await signInDemoService(first.service, running);
  await syncsSettled(first);
  await first.service.close();
  return dir;
}

// Where the catalog's size plays no part: enough products for a few codes to look up and remove.
// Each product is made by the service and stored by a sync on the cores the other test files share.
const smallCatalog = 60;

// The syncs stopped part-way: as many pages as a large catalog's, of few products each, so that a
// sync spends its time on pages and commits, not on records.
const stoppedProducts = 600;
const stoppedPageSize = 15;

/**
 * After a full sync of `stoppedProducts` stopped half-way with an error of `kind`: the status says so,
 * lookups keep answering, and the next sync resumes, completes and clears the error.
 */
async function expectStoppedThenResumed(
  stopped: { dir: string; test: TestCatalogService; running: RunningService; code: string | undefined },
  kind: ErrorKind,
): Promise<void> {
  const { dir, test, running, code } = stopped;
  expect(await test.service.status()).toMatchObject({
    syncUnfinished: true,
    lastError: { kind },
    sync: { running: false },
  });
  expect((await test.service.lookup({ code: code as string })).match).not.toBeNull();

  const resumed = await test.service.startSync({ mode: "incremental" });
  expect(resumed).toMatchObject({ mode: "full", resumed: true });
  expect(resumed.received).toBeLessThan(stoppedProducts);
  expect(localProducts(dir, running.demo.accountId)).toEqual(await (await adminApi(running)).liveProducts());
  expect((await test.service.status()).lastError).toBeNull();
}

async function someBarcodes(running: RunningService, count: number): Promise<string[]> {
  const records = await (await adminApi(running)).liveRecords();
  return records.flatMap((product) => (product.barcode ? [product.barcode] : [])).slice(0, count);
}

/** A progress listener that acts once, at the first report that passes `when`. */
function once(when: (progress: SyncProgress) => boolean, act: () => void) {
  let done = false;
  return (progress: SyncProgress) => {
    if (done || !when(progress)) return;
    done = true;
    act();
  };
}

describe("the catalog service", syncsInWorkers, () => {
  it("syncs in a worker thread, never on the main one, while lookups keep answering", async () => {
    // 30 pages of 10, each answered 15 ms late: the sync lasts while the lookups run because the
    // service is slow, not because the catalog is large (900 products cost the cores, not the proof).
    const running = await referenceService({ demoProducts: 300, seed: 31, latencyMs: 15 });
    const dir = await dataDir();
    const test = track(openTestService(dir, noPictures));
    await test.service.start();
    await test.service.changeSettings({ pageSize: 10 });
    const [code] = await someBarcodes(running, 1);
    const before = mainThreadWrites.pages;

    await signInDemoService(test.service, running);
    const answered: boolean[] = [];
    let reports = 0;
    let pagesSeen = 0;
    const stop = test.service.onSyncProgress((progress) => {
      reports += 1;
      pagesSeen = progress.pages;
    });
    // Lookups run on the main side for as long as the sync runs, 10 ms apart: faster than any till
    // scans, and the worker keeps its core (back to back, they held one for the whole sync).
    while ((await test.service.status()).sync.running || reports === 0) {
      answered.push((await test.service.lookup({ code: code as string })).code.normalised !== "");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    stop();
    const status = await syncsSettled(test);

    const server = await (await adminApi(running)).liveProducts();
    expect(status).toMatchObject({
      products: server.size,
      mismatch: false,
      syncUnfinished: false,
      lastError: null,
    });
    expect(localProducts(dir, running.demo.accountId)).toEqual(server);
    // Pages are stored a few to a commit, and each commit is reported.
    expect(pagesSeen).toBeGreaterThanOrEqual(30);
    expect(reports).toBeGreaterThanOrEqual(2);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered).not.toContain(false);
    expect(test.workers.length).toBe(1);
    expect(test.workers[0]?.threadId).not.toBe(threadId);
    expect(mainThreadWrites.pages - before).toBe(0);
    expect((await test.service.lookup({ code: code as string })).match).not.toBeNull();
  });

  it("starts offline from an existing catalog and answers lookups at once", async () => {
    const running = await referenceService({ demoProducts: smallCatalog, seed: 32 });
    const dir = await syncedAndClosed(running);
    const codes = await someBarcodes(running, 3);
    const held = localProducts(dir, running.demo.accountId).size;
    await running.close();

    const test = track(openTestService(dir, noPictures));
    await test.service.start();
    for (const code of codes) {
      expect((await test.service.lookup({ code })).match?.product.barcode).toBe(code);
    }
    expect((await test.service.search({ text: "" })).length).toBeGreaterThanOrEqual(0);
    // The start-up sync and the probe both find the service gone; lookups never waited for them.
    const offline = await test.nextStatus((status) => status.online === false && !status.sync.running);
    expect(offline.products).toBe(held);
    expect(offline.lastError?.kind).toBe("offline");
    // A sync refused before storing a page leaves a complete catalog complete, not "stopped part-way".
    expect(offline.syncUnfinished).toBe(false);
    for (const code of codes) expect((await test.service.lookup({ code })).match).not.toBeNull();
  });

  it("leaves the catalog to a sync another process holds, and says a sync is running", async () => {
    const running = await referenceService({ demoProducts: smallCatalog, seed: 37 });
    const { dir, test } = await syncedService(running);
    const before = localProducts(dir, running.demo.accountId);
    const api = await adminApi(running);
    for (const product of (await api.liveRecords()).slice(0, 5)) await api.deleteProduct(product.id);

    const other = acquireSyncLock(catalogFileFor(dir, running.demo.accountId));
    try {
      const error = await failure(test.service.startSync({ mode: "full" }));
      expect(error.kind).toBe("conflict");
      expect(error.message).toMatch(/already running/);
      expect(localProducts(dir, running.demo.accountId)).toEqual(before);
      expect((await test.service.status()).syncUnfinished).toBe(false);
    } finally {
      other.release();
    }
    await test.service.startSync({ mode: "full" });
    expect(localProducts(dir, running.demo.accountId)).toEqual(await api.liveProducts());
  });

  it("cancels a running sync, which then resumes from its checkpoint", async () => {
    const running = await referenceService({ demoProducts: stoppedProducts, seed: 33 });
    const { test } = await syncedService(running, { pageSize: stoppedPageSize });
    const pagesBefore = (await test.service.status()).products;
    expect(pagesBefore).toBeGreaterThan(0);

    const stop = test.service.onSyncProgress(
      once(
        (progress) => progress.pages >= 3,
        () => void test.service.cancelSync(),
      ),
    );
    const error = await failure(test.service.startSync({ mode: "full" }));
    stop();
    expect(error.kind).toBe("cancelled");
    const status = await test.service.status();
    expect(status).toMatchObject({ syncUnfinished: true, sync: { running: false }, lastError: null });
    expect(await test.service.cancelSync()).toBe(false);

    const resumed = await test.service.startSync({ mode: "incremental" });
    expect(resumed).toMatchObject({ mode: "full", resumed: true, mismatch: false });
    expect(resumed.received).toBeLessThan(stoppedProducts);
  });

  it("reports a killed worker as a sync error, keeps answering, and resumes on the next sync", async () => {
    const running = await referenceService({ demoProducts: stoppedProducts, seed: 34 });
    const { dir, test } = await syncedService(running, { pageSize: stoppedPageSize });
    const [code] = await someBarcodes(running, 1);

    const stop = test.service.onSyncProgress(
      once(
        (progress) => progress.pages >= 4,
        () => void test.workers.at(-1)?.terminate(),
      ),
    );
    const error = await failure(test.service.startSync({ mode: "full" }));
    stop();
    expect(error.kind).toBe("internal");
    expect(error.message).toMatch(/continues where it stopped/);
    await expectStoppedThenResumed({ dir, test, running, code }, "internal");
  });

  it("stops a worker that reports no progress for the stall time, frees the slot, and resumes next time", async () => {
    const running = await referenceService({ demoProducts: stoppedProducts, seed: 35 });
    const clock = manualClock();
    const stuckWorker = new URL("../workers/stuck-sync-worker.ts", import.meta.url);
    // The sign-in's sync runs the real worker; the second sync, the one that gets stuck.
    const { dir, test } = await syncedService(running, {
      pageSize: stoppedPageSize,
      clock,
      workerUrls: [undefined, stuckWorker],
    });
    await test.service.changeSettings({ syncStallMinutes: 2 });
    const [code] = await someBarcodes(running, 1);

    const thirdPage = new Promise<void>((resolve) => {
      const stop = test.service.onSyncProgress((progress) => {
        if (progress.pages < 3) return;
        stop();
        resolve();
      });
    });
    const stuck = failure(test.service.startSync({ mode: "full" }));
    await thirdPage;
    // Short of the stall time the worker is left alone; past it, it is stopped.
    clock.advance(2 * 60_000 - 1);
    expect((await test.service.status()).sync.running).toBe(true);
    clock.advance(1);
    const error = await stuck;
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe(
      "The catalog download made no progress for 2 minutes and was stopped. Lookups keep working; the next sync continues where it stopped.",
    );
    await expectStoppedThenResumed({ dir, test, running, code }, "timeout");
  });

  it("renews the session when the worker reports its token refused, for remembered credentials", async () => {
    // The service's clock runs ahead mid-sync: it refuses the token the main side still thinks fresh.
    let ahead = 0;
    const running = await referenceService({
      demoProducts: 400,
      seed: 35,
      tokenTtlSeconds: 600,
      clock: () => Date.now() + ahead,
    });
    const { dir, test, signedIn } = await syncedService(running, { pageSize: 25, remember: true });

    const stop = test.service.onSyncProgress(
      once(
        (progress) => progress.pages >= 3,
        () => (ahead = 700_000),
      ),
    );
    const summary = await test.service.startSync({ mode: "full" });
    stop();
    expect(summary.mismatch).toBe(false);
    expect(localProducts(dir, running.demo.accountId)).toEqual(
      await (await adminApi(running)).liveProducts(),
    );
    const renewed = await test.service.sessionInfo();
    expect(Date.parse(renewed?.expiresAt ?? "")).toBeGreaterThan(Date.parse(signedIn.expiresAt) + 600_000);
  });

  it("without remembered credentials, a refused token stops the sync with 'sign in again'", async () => {
    let ahead = 0;
    const running = await referenceService({
      demoProducts: 400,
      seed: 36,
      tokenTtlSeconds: 600,
      clock: () => Date.now() + ahead,
    });
    const { test } = await syncedService(running, { pageSize: 25 });

    const stop = test.service.onSyncProgress(
      once(
        (progress) => progress.pages >= 3,
        () => (ahead = 700_000),
      ),
    );
    const error = await failure(test.service.startSync({ mode: "full" }));
    stop();
    expect(error.kind).toBe("sign-in-required");
    expect((await test.service.status()).lastError?.kind).toBe("sign-in-required");

    // Signing in again answers "sign in again" at once, before any sync has run.
    ahead = 0;
    await signInDemoService(test.service, running, false);
    expect((await test.service.status()).lastError).toBeNull();
  });

  it("follows the service to a new address set in the settings, keeping the session and the catalog", async () => {
    const database = `${await dataDir()}/service.sqlite`;
    const first = await referenceService({ demoProducts: smallCatalog, seed: 38, database });
    const { dir, test } = await syncedService(first);
    const held = localProducts(dir, first.demo.accountId);
    await first.close();

    // An address where nothing answers changes nothing, and says why.
    const nowhere = `http://127.0.0.1:${Number(new URL(first.baseUrl).port)}`;
    const error = await failure(test.service.changeSettings({ baseUrl: `${nowhere}/elsewhere` }));
    expect(error.kind).toBe("offline");
    expect((await test.service.settings()).baseUrl).toBe(first.baseUrl);

    const moved = await referenceService({ database });
    await test.service.changeSettings({ baseUrl: moved.baseUrl });
    expect((await test.service.sessionInfo())?.baseUrl).toBe(moved.baseUrl);
    expect((await test.service.settings()).baseUrl).toBe(moved.baseUrl);
    await syncsSettled(test);
    const api = await adminApi(moved);
    await api.deleteProduct((await api.liveRecords())[0]?.id as string);
    await test.service.startSync({ mode: "incremental" });
    expect(localProducts(dir, moved.demo.accountId)).toEqual(await api.liveProducts());
    expect(localProducts(dir, moved.demo.accountId).size).toBe(held.size - 1);
  });

  it("syncs every N minutes and when the connection comes back, on the injected clock", async () => {
    const dbDir = await dataDir();
    const database = `${dbDir}/service.sqlite`;
    let running = await referenceService({ demoProducts: smallCatalog, seed: 37, database });
    const port = Number(new URL(running.baseUrl).port);
    const clock = manualClock();
    const { test } = await syncedService(running, { clock });
    expect(test.workers).toHaveLength(1);

    const planned = (await test.service.status()).sync.nextAt;
    expect(Date.parse(planned ?? "")).toBe(clock.now() + 15 * 60_000);
    clock.advance(14 * 60_000);
    expect(test.workers).toHaveLength(1);
    clock.advance(60_000);
    await syncsSettled(test);
    expect(test.workers).toHaveLength(2);

    await test.service.changeSettings({ syncIntervalMinutes: 5 });
    clock.advance(5 * 60_000);
    await syncsSettled(test);
    expect(test.workers).toHaveLength(3);

    // The service goes away: the next periodic sync fails and the till knows it is offline.
    await running.close();
    const offline = test.nextStatus((status) => status.online === false && !status.sync.running);
    clock.advance(5 * 60_000);
    expect((await offline).lastError?.kind).toBe("offline");
    expect(test.workers).toHaveLength(4);

    // Back on the same address: the next probe notices, and a sync starts without waiting 5 minutes.
    running = await referenceService({ port, database });
    const synced = test.nextStatus(
      (status) => status.online === true && !status.sync.running && status.lastError === null,
    );
    clock.advance(15_000);
    await synced;
    expect(test.workers).toHaveLength(5);
  });

  it("explains a miss when the catalog is stale or mismatched", async () => {
    const running = await referenceService({ demoProducts: smallCatalog, seed: 38 });
    const dir = await dataDir();
    const clock = manualClock();
    const test = track(openTestService(dir, { ...noPictures, clock }));
    await test.service.start();
    await test.service.changeSettings({ syncIntervalMinutes: 0 });
    const unknown = "4006381333931";

    await signInDemoService(test.service, running, true);
    await syncsSettled(test);
    const fresh = await test.service.lookup({ code: unknown });
    expect(fresh.match).toBeNull();
    expect(fresh.reason?.kind).toBe("unknown-code");
    expect(fresh.reason?.message).not.toMatch(/may be/);

    clock.advance(25 * 3_600_000);
    const status = await test.service.status();
    expect(status.freshness).toMatchObject({ stale: true, staleAfterHours: 24 });
    const stale = await test.service.lookup({ code: unknown });
    expect(stale.reason?.message).toMatch(/may be new: the catalog is from .*older than 24 hours/);

    // A product lost locally is not brought back by an incremental sync: the counts disagree.
    const db = new Database(catalogFileFor(dir, running.demo.accountId));
    db.prepare(
      "DELETE FROM products WHERE rowid IN (SELECT rowid FROM products WHERE deleted = 0 LIMIT 1)",
    ).run();
    db.close();
    const summary = await test.service.startSync({ mode: "incremental" });
    expect(summary.mismatch).toBe(true);
    const mismatched = await test.service.lookup({ code: unknown });
    expect(mismatched.reason?.message).toMatch(/the catalog holds \d+ products but the service lists \d+/);
  });
});

const day = 86_400_000;

describe("the catalog service in trouble", syncsInWorkers, () => {
  it("starts offline with a damaged catalog, and its status says so instead of failing", async () => {
    const running = await referenceService({ demoProducts: smallCatalog, seed: 41 });
    const dir = await syncedAndClosed(running);
    await running.close();
    damageMiddle(catalogFileFor(dir, running.demo.accountId));

    const test = track(openTestService(dir, noPictures));
    await test.service.start();
    const status = await test.service.status();
    expect(status).toMatchObject({
      products: 0,
      catalogProblem: {
        kind: "damaged",
        message: expect.stringMatching(/set aside as .*damaged-.*Run a sync/),
      },
    });
    // The status events the screens wait for arrive too, once the service is found unreachable.
    const offline = await test.nextStatus((next) => next.online === false && !next.sync.running);
    expect(offline.catalogProblem?.kind).toBe("damaged");
  });

  it("stamps the catalog with the service's time and warns of a till clock two days ahead", async () => {
    const running = await referenceService({ demoProducts: smallCatalog, seed: 41 });
    const clock = manualClock(Date.now() + 2 * day);
    const test = track(openTestService(await dataDir(), { ...noPictures, clock }));
    await test.service.start();
    await signInDemoService(test.service, running);
    await syncsSettled(test);
    const status = await test.service.status();
    expect(Math.abs((status.clockOffsetMs as number) + 2 * day)).toBeLessThan(5000);
    // "Catalog as of" is the service's time (the real one here), not the till's two days on.
    expect(Math.abs(Date.parse(status.freshness.catalogAsOf as string) - Date.now())).toBeLessThan(60_000);
    expect(status.freshness.stale).toBe(false);
    expect(status.tokenExpiresAt).not.toBeNull();
    expect(status.session).toBe("signed-in");
  });
});
