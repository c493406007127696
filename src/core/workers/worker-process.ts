// A background worker in a process of its own, whatever starts the process (forked-worker.ts under
// Node, the desktop shell's utility process under Electron). A worker thread shares its process with
// the thread answering scans, and with it V8's helper threads, which collect the worker's garbage at
// normal priority whatever the worker's own nice value: on a till of two cores that held scans back
// during a sync (docs/benchmarks.md, "The sync in a process of its own"). In a process of its own,
// every thread of the worker, V8's helpers included, lowers itself (worker-entry.ts), so all of its
// work gives way to the scans.
import { EventEmitter } from "node:events";
import type { WorkerHandle } from "./worker-handle.ts";

/** A started process, as each way of starting one reports it. */
export interface WorkerProcess {
  onMessage(listener: (message: unknown) => void): void;
  /** Once the process is gone and every message it wrote has been read (told once or more). */
  onGone(listener: () => void): void;
  send(message: unknown): void;
  kill(): void;
}

/** The process as the app sees a worker; the job goes to it as the first message. */
export function processWorkerHandle<FromWorker, ToWorker>(
  child: WorkerProcess,
  job: unknown,
): WorkerHandle<FromWorker, ToWorker> {
  const events = new EventEmitter();
  let gone = false;
  child.onMessage((message) => events.emit("message", message));
  child.onGone(() => {
    if (gone) return;
    gone = true;
    events.emit("exit");
  });
  child.send(withoutScanGate(job));
  return {
    on: (event: string, listener: Parameters<EventEmitter["on"]>[1]) => events.on(event, listener),
    postMessage: (message) => {
      if (!gone) child.send(message);
    },
    terminate: async () => {
      if (!gone) child.kill();
    },
  };
}

/**
 * The scan gate's count is memory shared between threads, which another process cannot see: there
 * the kernel's priorities do its work.
 */
function withoutScanGate(job: unknown): unknown {
  if (typeof job !== "object" || job === null || !("scanGate" in job)) return job;
  const { scanGate: _threadsOnly, ...forProcess } = job;
  return forProcess;
}
