// A real worker thread lowers its own priority, and only its own: the thread that answers scans keeps
// its place with the scheduler.
import { spawn } from "node:child_process";
import { once } from "node:events";
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

/** Runs the call in a fresh Node process; its answer, and the nice value of its main thread and of each thread after. */
async function inProcess(platform: string): Promise<{ lowered: boolean; main: number; nices: number[] }> {
  const source = `
    import { lowerThisProcessPriority } from ${JSON.stringify(moduleUrl)};
    import { getPriority } from "node:os";
    import { threadNices } from ${JSON.stringify(new URL("../../support/process-tree.ts", import.meta.url).href)};
    const lowered = lowerThisProcessPriority(${JSON.stringify(platform)});
    process.stdout.write(JSON.stringify({ lowered, main: getPriority(), nices: threadNices(process.pid) }));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, "close");
  if (code !== 0) throw new Error(`the process exited with ${code}`);
  return JSON.parse(output);
}

describe("a background process's priority", () => {
  it.runIf(process.platform === "linux")(
    "is lowered for every thread of the process, those started before the call included",
    async () => {
      const before = getPriority();
      for (const platform of ["linux", "win32"]) {
        const answer = await inProcess(platform);
        expect(answer.lowered).toBe(true);
        expect(answer.main).toBe(Math.max(backgroundNice, before));
        // Node starts its helper threads (V8's, libuv's) before any code runs. Elsewhere one call
        // lowers the whole process; here, on Linux, that call reaches the main thread alone.
        if (platform !== "linux") continue;
        expect(answer.nices.length).toBeGreaterThan(1);
        for (const nice of answer.nices) expect(nice).toBe(Math.max(backgroundNice, before));
      }
      expect(getPriority()).toBe(before);
    },
  );
});
