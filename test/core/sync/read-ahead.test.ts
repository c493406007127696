// The page on its way while the one before is written: it is aborted with the run, whatever ends it,
// and what was committed before stays and resumes. Against the reference service over real HTTP, slowed
// by --latency so the read-ahead is still in flight when the run stops.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProductsSource, runSync, type SyncTarget } from "../../../src/core/sync/sync-engine.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { AppError } from "../../../src/shared/app-error.ts";
import { failure } from "../../support/expect-failure.ts";
import { adminApi, localProducts, syncingTill } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The requests a source was asked for, each with the signal it was given, whether it is on the wire
 * yet, and whether it has settled.
 */
function watched(inner: ProductsSource) {
  const requests: { signal: AbortSignal | undefined; sent: boolean; settled: boolean }[] = [];
  const source: ProductsSource = {
    ...inner,
    fetchPage(query, signal, onSent) {
      const request = { signal, sent: false, settled: false };
      requests.push(request);
      const page = inner.fetchPage(query, signal, () => {
        request.sent = true;
        onSent?.();
      });
      void page.finally(() => (request.settled = true)).catch(() => undefined);
      return page;
    },
  };
  return { source, requests };
}

describe("the read-ahead", () => {
  let service: RunningService;

  beforeAll(async () => {
    // Half a second per answer: long enough that the next page is surely still on its way when the
    // run stops, and a request left running would outlive the test's checks.
    service = await startService({ port: 0, demoProducts: 600, seed: 5, latencyMs: 500 });
    cleanups.push(() => service.close());
  });

  async function signedIn() {
    const { source, store, dataDir } = await syncingTill(service, cleanups);
    return { ...watched(source), store, dataDir };
  }

  it("is aborted when the sync is cancelled, and the sync resumes from its last page", async () => {
    const { source, requests, store, dataDir } = await signedIn();
    const controller = new AbortController();
    let reported = 0;
    const error = await failure(
      runSync({
        source,
        store,
        clock: Date.now,
        pageSize: 100,
        signal: controller.signal,
        onProgress: (progress) => {
          reported = progress.done;
          controller.abort();
        },
      }),
    );
    expect(error.kind).toBe("cancelled");
    // The first pages were stored while the next was asked for; that one is stopped, not awaited.
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.at(-1)?.signal?.aborted).toBe(true);
    await expect.poll(() => requests.at(-1)?.settled).toBe(true);
    // Progress reports what is committed, no more and no less.
    expect(reported).toBeGreaterThanOrEqual(100);
    expect(localProducts(dataDir, service.demo.accountId).size).toBe(reported);

    const resumed = await runSync({ source, store, clock: Date.now, pageSize: 300 });
    expect(resumed).toMatchObject({ resumed: true, mismatch: false });
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
  });

  it("is on the wire before the page before it is committed, so the two overlap", async () => {
    const { source, requests, store } = await signedIn();
    // At each commit: how many requests had been asked for, and whether the last of them was sent.
    const atCommits: { asked: number; lastSent: boolean; pages: number }[] = [];
    const watching: SyncTarget = {
      ...store,
      applyPages(pages) {
        atCommits.push({
          asked: requests.length,
          lastSent: requests.at(-1)?.sent === true,
          pages: pages.length,
        });
        return store.applyPages(pages);
      },
    };
    await runSync({ source, store: watching, clock: Date.now, pageSize: 200 });
    // 600 products in pages of 200, and the deleted stream's page: every commit but the last is made
    // with the request for the page after it already asked for and sent (the last has none after it).
    const beforeLast = atCommits.slice(0, -1);
    expect(beforeLast.length).toBeGreaterThanOrEqual(3);
    expect(beforeLast.map((commit) => commit.pages)).toEqual(beforeLast.map(() => 1));
    expect(beforeLast.map((commit) => commit.asked)).toEqual(beforeLast.map((_, index) => index + 2));
    expect(beforeLast.every((commit) => commit.lastSent)).toBe(true);
  });

  it("is aborted when writing a page fails, though nobody cancelled the sync", async () => {
    const { source, requests, store } = await signedIn();
    const failing: SyncTarget = {
      ...store,
      applyPages: () => Promise.reject(new AppError("disk-full", "The disk is full.")),
    };
    const error = await failure(runSync({ source, store: failing, clock: Date.now, pageSize: 100 }));
    expect(error.kind).toBe("disk-full");
    expect(requests).toHaveLength(2);
    expect(requests[1]?.signal?.aborted).toBe(true);
    await expect.poll(() => requests[1]?.settled).toBe(true);
  });
});
