// Runs one sync in a worker thread and turns its life into one promise: progress as it comes, token
// requests answered from the session, the summary at the end, or an AppError when it fails, is
// cancelled or dies (a crash, an out-of-memory, a terminate). A dead worker leaves the checkpoint of
// its last committed page, so the next sync resumes from there. A worker that says nothing for too
// long (stuck: every request has its deadlines, so a live sync always reports something) is
// terminated by the watchdog, which frees the one sync slot. The worker may be a thread or a process of
// its own (worker-handle.ts).
import { AppError } from "../../shared/app-error.ts";
import type { ServiceWait } from "../../shared/catalog/service-wait.ts";
import type { SyncProgress } from "../../shared/catalog/sync-progress.ts";
import type { Auth } from "../api/commerce-client.ts";
import type { ServiceClock } from "../service-clock.ts";
import type { CatalogFileSyncSummary } from "../sync/catalog-file-sync.ts";
import type { FromWorker, SyncJob, ToWorker } from "./sync-protocol.ts";
import { fromWireError, toWireError } from "./wire-error.ts";
import type { CreateWorker } from "./worker-handle.ts";

export interface WorkerSyncOptions {
  workerUrl: URL;
  createWorker: CreateWorker;
  job: SyncJob;
  /** A valid token; `refused` is the one the service just refused, which must not come back. */
  token: (refused: string | null) => Promise<Auth>;
  onProgress: (progress: SyncProgress) => void;
  /** Told while a request of the sync waits on a silent service, and when it is answered. */
  onWaiting: (wait: ServiceWait | null) => void;
  /** The detail of a fault in the worker, for the log: the person sees a plain message instead. */
  onFault: (detail: string) => void;
  signal: AbortSignal;
  /** The worker is stopped as stuck when no message (progress, token request) comes for `stallMs`. */
  watchdog: { clock: ServiceClock; stallMs: number };
}

export interface WorkerSyncResult {
  summary: CatalogFileSyncSummary;
  /** The thread that wrote the catalog. */
  threadId: number;
}

const diedMessage =
  "The catalog download stopped unexpectedly. Lookups keep working; the next sync continues where it stopped.";

function stuckMessage(stallMs: number): string {
  const minutes = Math.max(1, Math.round(stallMs / 60_000));
  return (
    `The catalog download made no progress for ${minutes} ${minutes === 1 ? "minute" : "minutes"} and was stopped. ` +
    "Lookups keep working; the next sync continues where it stopped."
  );
}

export function syncInWorker(options: WorkerSyncOptions): Promise<WorkerSyncResult> {
  const worker = options.createWorker<FromWorker, ToWorker>(options.workerUrl, { workerData: options.job });
  const send = (message: ToWorker) => worker.postMessage(message);
  return new Promise((resolve, reject) => {
    let outcome: { ok: true; result: WorkerSyncResult } | { ok: false; error: AppError } | null = null;
    const cancel = () => send({ type: "cancel" });
    if (options.signal.aborted) cancel();
    options.signal.addEventListener("abort", cancel, { once: true });
    const { clock, stallMs } = options.watchdog;
    const stuck = () => {
      outcome ??= { ok: false, error: new AppError("timeout", stuckMessage(stallMs)) };
      void worker.terminate();
    };
    let watchdog = clock.setTimeout(stuck, stallMs);

    worker.on("message", (message) => {
      clock.clearTimeout(watchdog);
      watchdog = clock.setTimeout(stuck, stallMs);
      if (message.type === "token-request") {
        options.token(message.refused).then(
          (auth) => send({ type: "token", id: message.id, auth }),
          (error: unknown) => send({ type: "token-failed", id: message.id, error: toWireError(error) }),
        );
      } else if (message.type === "progress") options.onProgress(message.progress);
      else if (message.type === "waiting") options.onWaiting(message.wait);
      else {
        if (message.type === "done") {
          outcome = { ok: true, result: { summary: message.summary, threadId: message.threadId } };
        } else {
          if (message.error.detail !== undefined) options.onFault(message.error.detail);
          outcome = { ok: false, error: fromWireError(message.error) };
        }
        // The last message comes once the worker has closed the catalog: nothing of it is left to wait for.
        void worker.terminate();
      }
    });
    // An uncaught fault in the worker arrives here before its exit.
    worker.on("error", () => {
      outcome ??= { ok: false, error: new AppError("internal", diedMessage) };
    });
    // Settled only once the thread is gone, so its write connection is closed by then.
    worker.on("exit", () => {
      clock.clearTimeout(watchdog);
      options.signal.removeEventListener("abort", cancel);
      const final = outcome ?? { ok: false, error: new AppError("internal", diedMessage) };
      if (final.ok) resolve(final.result);
      else reject(final.error);
    });
  });
}
