// A sync worker in a process of its own, whatever starts the process (forked-worker.ts under Node, the
// desktop shell's utility process under Electron). A worker thread shares its process with the
// thread answering scans, and with it V8's helper threads, which collect the worker's garbage at
// normal priority whatever the worker's own nice value: on a till of two cores that held scans back
// during a sync (docs/benchmarks.md, "The sync in a process of its own"). In a process of its own,
// every thread of the sync, V8's helpers included, lowers itself (sync-worker.ts), so all of its
// work gives way to the scans.
import { EventEmitter } from "node:events";
import type { SyncWorkerHandle } from "./sync-in-worker.ts";
import type { FromWorker, SyncJob, ToWorker } from "./sync-protocol.ts";

/** A started process, as each way of starting one reports it. */
export interface SyncProcess {
  onMessage(listener: (message: FromWorker) => void): void;
  /** Once the process is gone and every message it wrote has been read (told once or more). */
  onGone(listener: () => void): void;
  send(message: SyncJob | ToWorker): void;
  kill(): void;
}

/** The process as the sync sees a worker; the job goes to it as the first message. */
export function syncProcessHandle(child: SyncProcess, job: SyncJob): SyncWorkerHandle {
  const events = new EventEmitter();
  let gone = false;
  child.onMessage((message) => events.emit("message", message));
  child.onGone(() => {
    if (gone) return;
    gone = true;
    events.emit("exit");
  });
  // The scan gate's count is memory shared between threads, which another process cannot see: there
  // the kernel's priorities do its work.
  const { scanGate: _threadsOnly, ...forProcess } = job;
  child.send(forProcess);
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
