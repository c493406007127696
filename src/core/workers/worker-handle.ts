// What the app needs of a background worker (a sync, a picture run), whatever runs it: a thread of
// this process (a Node `Worker`, the default), a Node child process (forked-worker.ts) or the desktop
// shell's Electron utility process. Each posts, is told, and ends; its job is `workerData`.
import { Worker } from "node:worker_threads";

export interface WorkerHandle<FromWorker, ToWorker> {
  on(event: "message", listener: (message: FromWorker) => void): unknown;
  /** An uncaught fault in the worker. */
  on(event: "error", listener: (error: Error) => void): unknown;
  /** Emitted once the worker is gone, and with it every file and connection it held. */
  on(event: "exit", listener: () => void): unknown;
  postMessage(message: ToWorker): void;
  terminate(): Promise<unknown>;
}

/** Starts the worker module at `url` with its job. */
export type CreateWorker = <FromWorker, ToWorker>(
  url: URL,
  options: { workerData: unknown },
) => WorkerHandle<FromWorker, ToWorker>;

/** A worker's module and how to start it: a thread of this process unless told. */
export interface WorkerModule {
  worker: URL;
  create?: CreateWorker;
}

/** What every worker understands: stop at the next safe point; the next run continues from there. */
export type CancelMessage = { type: "cancel" };

export const threadWorker: CreateWorker = (url, options) => new Worker(url, options);
