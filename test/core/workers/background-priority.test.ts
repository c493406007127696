// A real worker thread lowers its own priority, and only its own: the thread that answers scans keeps
// its place with the scheduler.
import { getPriority } from "node:os";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { backgroundNice, lowerThisThreadsPriority } from "../../../src/core/workers/background-priority.ts";

const moduleUrl = new URL("../../../src/core/workers/background-priority.ts", import.meta.url).href;

/** Runs the call in a fresh worker thread; its answer and the thread's priority after it. */
function inWorker(platform: string): Promise<{ lowered: boolean; priority: number }> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const { getPriority } = require("node:os");
    import(workerData.moduleUrl).then(({ lowerThisThreadsPriority }) => {
      const lowered = lowerThisThreadsPriority(workerData.platform);
      parentPort.postMessage({ lowered, priority: getPriority() });
    });`;
  const worker = new Worker(source, { eval: true, workerData: { moduleUrl, platform } });
  return new Promise((resolve, reject) => {
    worker.once("message", (answer) => {
      void worker.terminate();
      resolve(answer);
    });
    worker.once("error", reject);
  });
}

describe("a background worker's priority", () => {
  it.runIf(process.platform === "linux")("is lowered for the worker thread alone on Linux", async () => {
    const before = getPriority();
    const answer = await inWorker("linux");
    expect(answer).toEqual({ lowered: true, priority: Math.max(backgroundNice, before) });
    expect(getPriority()).toBe(before);
  });

  it("is left alone where lowering it would lower the whole process", async () => {
    const before = getPriority();
    for (const platform of ["win32", "darwin"]) {
      expect(await inWorker(platform)).toEqual({ lowered: false, priority: before });
    }
    expect(lowerThisThreadsPriority("win32")).toBe(false);
    expect(getPriority()).toBe(before);
  });
});
