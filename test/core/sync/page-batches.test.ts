// Pages are stored several to a commit, so pages that arrived may be waiting for theirs when a sync
// ends. Whatever ends it (the service gone, a cancel), the pages that arrived are stored first, the
// progress reported is what was stored, and the next sync resumes after them. Against the reference
// service over real HTTP, with a real catalog file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProductsSource, runSync, type SyncSummary } from "../../../src/core/sync/sync-engine.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { AppError } from "../../../src/shared/app-error.ts";
import type { SyncProgress } from "../../../src/shared/catalog/sync-progress.ts";
import { failure } from "../../support/expect-failure.ts";
import { adminApi, localProducts, syncingTill } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void>)[] = [];
let service: RunningService;
beforeAll(async () => {
  // A catalog whose first three pages of 100 each end on an instant no other record shares, so each
  // page after the first repeats just one record (the counts below rely on it).
  service = await startService({ port: 0, demoProducts: 900, seed: 22 });
  cleanups.push(() => service.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const till = (from: RunningService = service) => syncingTill(from, cleanups);

/**
 * A clock that stands still and a sync never idle: pages seem to come at once, quicker than they
 * are stored, so after the first (stored alone: it tells how long a page takes) they are held for a
 * commit of eight.
 */
function standingStill(): () => number {
  const now = Date.now();
  return () => now;
}
const neverIdle = () => 0;

/** The records a sync walked through, kept or set aside. */
function walked(summary: SyncSummary): number {
  return summary.received + summary.rejected;
}

/** How many records a whole sync of the service walks through, from an empty catalog. */
let whole: Promise<number> | undefined;
function wholeWalk(): Promise<number> {
  whole ??= till().then(async ({ source, store }) =>
    walked(await runSync({ source, store, clock: Date.now, pageSize: 100 })),
  );
  return whole;
}

/** The source, with its `nth` page request (from 1) replaced by `instead`. */
function failingAt(source: ProductsSource, nth: number, instead: () => Promise<never>): ProductsSource {
  let asked = 0;
  return {
    ...source,
    fetchPage: (query, signal, onSent) =>
      ++asked === nth ? instead() : source.fetchPage(query, signal, onSent),
  };
}

describe("pages stored several to a commit", () => {
  it("are stored when the service goes away before the batch is full, and the sync resumes after them", async () => {
    const { source, store, dataDir } = await till();
    const reports: SyncProgress[] = [];
    const gone = failingAt(source, 3, () =>
      Promise.reject(new AppError("offline", "The commerce service cannot be reached.")),
    );
    const error = await failure(
      runSync({
        source: gone,
        store,
        clock: standingStill(),
        idleMs: neverIdle,
        pageSize: 100,
        onProgress: (p) => reports.push(p),
      }),
    );
    expect(error.kind).toBe("offline");
    // Two pages arrived (each after the first holds the record the one before ended with, so 199
    // records), whether or not they made a commit of their own: stored and reported, and the next
    // sync goes on after them, asking for none of their records again.
    expect(reports.at(-1)).toMatchObject({ pages: 2, done: 199 });
    const resumed = await runSync({ source, store, clock: Date.now, pageSize: 100 });
    expect(resumed).toMatchObject({ resumed: true, mismatch: false });
    expect(199 + walked(resumed)).toBe(await wholeWalk());
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
  });

  it("are stored when the sync is cancelled while the next page is on its way", async () => {
    const { source, store, dataDir } = await till();
    const controller = new AbortController();
    const cancelled = failingAt(source, 4, () => {
      controller.abort();
      return Promise.reject(new AppError("cancelled", "The sync was cancelled."));
    });
    const reports: SyncProgress[] = [];
    const error = await failure(
      runSync({
        source: cancelled,
        store,
        clock: standingStill(),
        idleMs: neverIdle,
        pageSize: 100,
        signal: controller.signal,
        onProgress: (p) => reports.push(p),
      }),
    );
    expect(error.kind).toBe("cancelled");
    expect(reports.at(-1)).toMatchObject({ pages: 3, done: 298 });
    const resumed = await runSync({ source, store, clock: Date.now, pageSize: 100 });
    expect(298 + walked(resumed)).toBe(await wholeWalk());
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
  });

  it("commit eight pages at a time when they come quickly, each page's checkpoint with it", async () => {
    const { source, store, dataDir } = await till();
    const reports: SyncProgress[] = [];
    const summary = await runSync({
      source,
      store,
      clock: standingStill(),
      idleMs: neverIdle,
      pageSize: 50,
      onProgress: (p) => reports.push(p),
    });
    // 900 products in pages of 50, and the pages that end the two walks.
    expect(summary.pages).toBeGreaterThanOrEqual(19);
    expect(reports.map((report) => report.pages)).toEqual([1, 9, 17, summary.pages]);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
  });

  it("commit each page as it comes when the sync waits for pages longer than it stores them", async () => {
    const { source, store } = await till();
    const reports: SyncProgress[] = [];
    // Each look at the thread's idle time finds it three seconds on: every page seems to keep the
    // sync waiting that long, far longer than storing one takes.
    let idle = 0;
    const summary = await runSync({
      source,
      store,
      clock: Date.now,
      idleMs: () => (idle += 3000),
      pageSize: 100,
      onProgress: (p) => reports.push(p),
    });
    expect(reports.map((report) => report.pages)).toEqual(
      Array.from({ length: summary.pages }, (_, index) => index + 1),
    );
  });

  it("from a service far away, commit each page while the next is on its way", async () => {
    const far = await startService({ port: 0, demoProducts: 600, seed: 22, latencyMs: 200 });
    cleanups.push(() => far.close());
    const { source, store, dataDir } = await till(far);
    const reports: SyncProgress[] = [];
    const summary = await runSync({
      source,
      store,
      clock: Date.now,
      pageSize: 100,
      onProgress: (p) => reports.push(p),
    });
    // Storing a page of 100 takes milliseconds; each answer, 200: holding pages would only wait.
    expect(reports.map((report) => report.pages)).toEqual(
      Array.from({ length: summary.pages }, (_, index) => index + 1),
    );
    expect(localProducts(dataDir, far.demo.accountId)).toEqual(await (await adminApi(far)).liveProducts());
  });
});
