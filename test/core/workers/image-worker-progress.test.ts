// The picture worker reports its progress a few times a second, not once a picture: every message is
// handled by the main thread, the one answering scans, and a run fetches thousands a second.
import { afterAll, describe, expect, it } from "vitest";
import type { ImageRunProgress } from "../../../src/core/images/image-cache.ts";
import { runImagesInWorker } from "../../../src/core/workers/images-in-worker.ts";
import { startService } from "../../../src/server/service.ts";
import { syncedPictureTill } from "../../support/picture-till.ts";

const workerUrl = new URL("../../../src/core/workers/image-worker.ts", import.meta.url);
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("the picture worker's progress", () => {
  it("is posted at the start and then at most every 200 ms, however many pictures come", async () => {
    // The service draws each picture on this process's core (most of the file's CPU): 600 products
    // give about 300 pictures, a run over many 200 ms windows, with room for a report every 200 ms on
    // a busy machine under the limit of one report per four pictures.
    const service = await startService({ port: 0, demoProducts: 600 });
    cleanups.push(() => service.close());
    const till = await syncedPictureTill(service, (cleanup) => cleanups.push(cleanup));
    till.cache.close();

    const posted: { at: number; progress: ImageRunProgress }[] = [];
    const started = Date.now();
    const summary = await runImagesInWorker({
      module: { worker: workerUrl },
      job: {
        dataDir: till.dataDir,
        catalogFile: till.catalogFile,
        capBytes: 500_000_000,
        download: true,
        auth: null,
      },
      onProgress: (progress) => posted.push({ at: Date.now(), progress }),
    });
    const elapsedMs = Date.now() - started;

    expect(summary.fetched).toBeGreaterThan(100);
    expect(posted[0]?.progress.fetched).toBe(0);
    // One at the start, then one per 200 ms at most (a little slack for the messages' own travel).
    expect(posted.length).toBeLessThanOrEqual(2 + Math.ceil(elapsedMs / 200));
    expect(posted.length).toBeLessThan(summary.fetched / 4);
  });
});
