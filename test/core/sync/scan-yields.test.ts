// A sync that lets scans go first stores each page in short pieces, yielding before each, and ends
// with the same catalog as one that stores a page at once; stopped between two pieces, it resumes
// from the page's start and loses nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSync } from "../../../src/core/sync/sync-engine.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { adminApi, localProducts, syncingTill } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void>)[] = [];
let service: RunningService;
beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 700, seed: 12 });
  cleanups.push(() => service.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function till() {
  const { source, store, dataDir } = await syncingTill(service, cleanups);
  return {
    dataDir,
    /** A full sync in pages of 250, calling `yieldToScans` before each piece. */
    fullSync: (yieldToScans: () => Promise<void>) =>
      runSync({ source, store, clock: Date.now, pageSize: 250, full: true, yieldToScans }),
    resume: () => runSync({ source, store, clock: Date.now, pageSize: 250 }),
  };
}

describe("a sync that lets scans go first", () => {
  it("yields between pieces of each page and holds the same catalog", async () => {
    const { fullSync, dataDir } = await till();
    let yields = 0;
    const summary = await fullSync(async () => {
      yields += 1;
    });
    // Pieces of 200 records: two a full page of 250, one each for the short and empty pages.
    expect(yields).toBeGreaterThan(summary.pages);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
  });

  it("stopped between two pieces of a page, resumes and loses nothing", async () => {
    const { fullSync, resume, dataDir } = await till();
    let yields = 0;
    await expect(
      fullSync(async () => {
        // The second yield is before the last piece of the first page: the one before it is stored.
        if (++yields === 2) throw new Error("stopped mid-page");
      }),
    ).rejects.toThrow("stopped mid-page");
    expect(localProducts(dataDir, service.demo.accountId).size).toBe(200);
    await resume();
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(
      await (await adminApi(service)).liveProducts(),
    );
  });
});
