// The sync worker's entry. The same module runs a sync in a worker thread (`new Worker`), in a Node
// child process (forked-worker.ts) or in an Electron utility process: it finds which from what it
// was given to talk over, lowers its own priority below the thread answering scans, and runs the job
// (sync-job.ts). In a process of its own, the job is the first message.
import { parentPort, threadId, workerData } from "node:worker_threads";
import { lowerThisProcessPriority, lowerThisThreadsPriority } from "./background-priority.ts";
import { type JobPort, runSyncJob } from "./sync-job.ts";
import type { SyncJob, ToWorker } from "./sync-protocol.ts";

/** Electron's utility process: its line to the parent, absent under plain Node. */
interface ElectronParentPort {
  on(event: "message", listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

/**
 * A process of its own: the first message is the job, every later one is for the running job, which
 * listens from its first step (before any message can follow the job's).
 */
function runProcessJob(
  subscribe: (listener: (message: unknown) => void) => void,
  lines: Pick<JobPort, "postMessage" | "close">,
): { deliver: (message: ToWorker) => void } {
  let listener: ((message: ToWorker) => void) | null = null;
  const deliver = (message: ToWorker) => listener?.(message);
  subscribe((message) => {
    if (listener !== null) return deliver(message as ToWorker);
    const port: JobPort = { ...lines, onMessage: (next) => (listener = next) };
    void runSyncJob(port, message as SyncJob, threadId);
  });
  return { deliver };
}

const electronPort = (process as { parentPort?: ElectronParentPort }).parentPort;

if (parentPort !== null) {
  lowerThisThreadsPriority();
  const port = parentPort;
  const job: JobPort = {
    postMessage: (message) => port.postMessage(message),
    onMessage: (listener) => port.on("message", listener),
    close: () => port.close(),
  };
  void runSyncJob(job, workerData as SyncJob, threadId);
} else if (electronPort !== undefined) {
  lowerThisProcessPriority();
  runProcessJob((listener) => electronPort.on("message", (event) => listener(event.data)), {
    postMessage: (message) => electronPort.postMessage(message),
    // The main side ends this process once the last message is in (sync-in-worker.ts).
    close: () => undefined,
  });
} else if (process.send !== undefined) {
  lowerThisProcessPriority();
  // Sends are written in order: once the last one is, the channel closes and the process ends.
  let written = Promise.resolve();
  const send = (message: unknown) => {
    written = new Promise((resolve) => process.send?.(message, undefined, {}, () => resolve()));
  };
  const { deliver } = runProcessJob((listener) => process.on("message", listener), {
    postMessage: send,
    close: () => void written.then(() => process.connected && process.disconnect()),
  });
  // The app that started this sync is gone: stop at the next safe point, as when cancelled.
  process.on("disconnect", () => deliver({ type: "cancel" }));
}
