// Scans first: background work waiting at the gate goes on once the scans it waited for are answered,
// at once when none is, and after the longest pause when scans never stop; the count crosses to a
// worker thread shared, not copied.
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { scanGate } from "../../../src/core/workers/scan-gate.ts";

describe("the scan gate", () => {
  it("lets background work go on at once while no scan is being answered", async () => {
    const gate = scanGate();
    const order: string[] = [];
    await gate.clear().then(() => order.push("cleared"));
    expect(order).toEqual(["cleared"]);
  });

  it("holds background work until the scans being answered are done", async () => {
    // A pause far longer than the scan: with the 5 ms one, a busy machine could end the pause before
    // the scan's 5 ms timer ran, and the work would go on first by the rule the last test checks.
    const gate = scanGate(undefined, 60_000);
    const order: string[] = [];
    let finish: () => void = () => undefined;
    const scan = gate.scanning(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const waiting = gate.clear().then(() => order.push("cleared"));
    setTimeout(() => {
      order.push("scan answered");
      finish();
    }, 5);
    await Promise.all([scan, waiting]);
    expect(order).toEqual(["scan answered", "cleared"]);
  });

  it("counts a scan that fails as done", async () => {
    const gate = scanGate();
    await expect(gate.scanning(async () => Promise.reject(new Error("no such code")))).rejects.toThrow();
    expect(new Int32Array(gate.buffer)[0]).toBe(0);
  });

  it("never holds background work for good: it goes on after the longest pause", async () => {
    const gate = scanGate();
    void gate.scanning(() => new Promise<never>(() => undefined));
    const order: string[] = [];
    await gate.clear().then(() => order.push("cleared"));
    expect(order).toEqual(["cleared"]);
  });

  it("is seen by a worker thread through the shared count", async () => {
    const gate = scanGate();
    const worker = new Worker(
      `const { workerData, parentPort } = require("node:worker_threads");
       parentPort.postMessage(Atomics.load(new Int32Array(workerData), 0));`,
      { eval: true, workerData: gate.buffer },
    );
    let finish: () => void = () => undefined;
    const scan = gate.scanning(() => new Promise<void>((resolve) => (finish = resolve)));
    const seen = await new Promise((resolve) => worker.once("message", resolve));
    finish();
    await scan;
    await worker.terminate();
    expect(seen).toBe(1);
  });
});
