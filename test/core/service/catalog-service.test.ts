// The desktop app's catalog service under plain Node, against the reference service over loopback:
// start-up offline, syncs in a worker thread while lookups answer, cancel, a killed worker, token
// renewal asked for by the worker, periodic and reconnect syncs on an injected clock, and misses
// explained by a stale or mismatched catalog.
import { threadId } from "node:worker_threads";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { catalogFileFor } from "../../../src/core/catalog/catalog-store.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import {
  openTestService,
  signInDemoService,
  syncsSettled,
  type TestCatalogService,
} from "../../support/catalog-service-fixtures.ts";
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
        applyPage: (input: Parameters<typeof writes.applyPage>[0]) => {
          mainThreadWrites.pages += 1;
          return writes.applyPage(input);
        },
      };
    },
  };
});

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

async function someBarcodes(running: RunningService, count: number): Promise<string[]> {
  const records = await (await adminApi(running)).liveRecords();
  return records.flatMap((product) => (product.barcode ? [product.barcode] : [])).slice(0, count);
}

describe("the catalog service", () => {
  it("syncs in a worker thread, never on the main one, while lookups keep answering", async () => {
    const running = await referenceService({ demoProducts: 3000, seed: 31 });
    const dir = await dataDir();
    const test = track(openTestService(dir));
    await test.service.start();
    await test.service.changeSettings({ pageSize: 100 });
    const [code] = await someBarcodes(running, 1);
    const before = mainThreadWrites.pages;

    await signInDemoService(test.service, running);
    const answered: boolean[] = [];
    let pagesSeen = 0;
    const stop = test.service.onSyncProgress(() => {
      pagesSeen += 1;
    });
    // Lookups run back to back on the main side for as long as the sync runs.
    while ((await test.service.status()).sync.running || pagesSeen === 0) {
      answered.push((await test.service.lookup({ code: code as string })).code.normalised !== "");
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
    expect(pagesSeen).toBeGreaterThanOrEqual(30);
    expect(answered.length).toBeGreaterThan(0);
    expect(test.workers.length).toBe(1);
    expect(test.workers[0]?.threadId).not.toBe(threadId);
    expect(mainThreadWrites.pages - before).toBe(0);
    expect((await test.service.lookup({ code: code as string })).match).not.toBeNull();
  });

  it("starts offline from an existing catalog and answers lookups at once", async () => {
    const running = await referenceService({ demoProducts: 400, seed: 32 });
    const dir = await dataDir();
    const first = openTestService(dir);
    await first.service.start();
    await signInDemoService(first.service, running);
    await syncsSettled(first);
    await first.service.close();
    const codes = await someBarcodes(running, 3);
    const held = localProducts(dir, running.demo.accountId).size;
    await running.close();

    const test = track(openTestService(dir));
    await test.service.start();
    for (const code of codes) {
      expect((await test.service.lookup({ code })).match?.product.barcode).toBe(code);
    }
    expect((await test.service.search({ text: "" })).length).toBeGreaterThanOrEqual(0);
    // The start-up sync and the probe both find the service gone; lookups never waited for them.
    const offline = await test.nextStatus((status) => status.online === false && !status.sync.running);
    expect(offline.products).toBe(held);
    expect(offline.lastError?.kind).toBe("offline");
    for (const code of codes) expect((await test.service.lookup({ code })).match).not.toBeNull();
  });
});
