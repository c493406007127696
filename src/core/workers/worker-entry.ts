// The start of every background worker's module (sync-worker.ts, image-worker.ts). The same module
// runs as a worker thread (`new Worker`), in a Node child process (forked-worker.ts) or in an Electron
// utility process: it finds which from what it was given to talk over, lowers its own priority below
// the thread answering scans, and runs its job. In a process of its own, the job is the first message.
import { parentPort, threadId, workerData } from "node:worker_threads";
import { lowerThisProcessPriority, lowerThisThreadsPriority } from "./background-priority.ts";
import type { CancelMessage } from "./worker-handle.ts";

/** The worker's side of the line to the main side, whatever carries it. */
export interface WorkerPort<FromWorker, ToWorker> {
  postMessage(message: FromWorker): void;
  onMessage(listener: (message: ToWorker) => void): void;
  /** Nothing more will be posted. */
  close(): void;
}

/**
 * A worker's job: `job` as the main side sent it (to be checked or trusted by the job), `writerId` the
 * thread it runs on. The messages are the job's own protocol, which the main side speaks.
 */
export type WorkerJob<FromWorker, ToWorker> = (
  port: WorkerPort<FromWorker, ToWorker>,
  job: unknown,
  writerId: number,
) => unknown;

/** Electron's utility process: its line to the parent, absent under plain Node. */
interface ElectronParentPort {
  on(event: "message", listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const orphaned: CancelMessage = { type: "cancel" };

export function runAsWorker<FromWorker, ToWorker>(run: WorkerJob<FromWorker, ToWorker>): void {
  const electronPort = (process as { parentPort?: ElectronParentPort }).parentPort;
  if (parentPort !== null) {
    lowerThisThreadsPriority();
    const port = parentPort;
    run(
      {
        postMessage: (message) => port.postMessage(message),
        onMessage: (listener) => port.on("message", listener),
        close: () => port.close(),
      },
      workerData,
      threadId,
    );
  } else if (electronPort !== undefined) {
    lowerThisProcessPriority();
    runProcessJob(
      run,
      (listener) => electronPort.on("message", (event) => listener(event.data as ToWorker)),
      {
        postMessage: (message) => electronPort.postMessage(message),
        // The main side ends this process once the last message is in (sync-in-worker.ts, images-in-worker.ts).
        close: () => undefined,
      },
    );
  } else if (process.send !== undefined) {
    lowerThisProcessPriority();
    // Sends are written in order: once the last one is, the channel closes and the process ends.
    let written = Promise.resolve();
    const send = (message: FromWorker) => {
      written = new Promise((resolve) => process.send?.(message, undefined, {}, () => resolve()));
    };
    const { deliver } = runProcessJob(run, (listener) => process.on("message", listener), {
      postMessage: send,
      close: () => void written.then(() => process.connected && process.disconnect()),
    });
    // The app that started this worker is gone: stop at the next safe point, as when cancelled.
    process.on("disconnect", () => deliver(orphaned as ToWorker));
  } else {
    throw new Error("a worker module runs only as a worker thread or a child process");
  }
}

/**
 * A process of its own: the first message is the job, every later one is for the running job, which
 * listens from its first step (before any message can follow the job's).
 */
function runProcessJob<FromWorker, ToWorker>(
  run: WorkerJob<FromWorker, ToWorker>,
  subscribe: (listener: (message: ToWorker) => void) => void,
  lines: Pick<WorkerPort<FromWorker, ToWorker>, "postMessage" | "close">,
): { deliver: (message: ToWorker) => void } {
  let listener: ((message: ToWorker) => void) | null = null;
  const deliver = (message: ToWorker) => listener?.(message);
  subscribe((message) => {
    if (listener !== null) return deliver(message);
    run({ ...lines, onMessage: (next) => (listener = next) }, message, threadId);
  });
  return { deliver };
}
