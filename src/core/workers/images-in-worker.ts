// The main side of the picture worker (image-job.ts): one run as one promise, progress as it comes,
// the summary at the end, or an AppError when it fails, is cancelled or dies. The worker is a thread
// of this process unless the module says how else to start it (worker-handle.ts).
import { AppError } from "../../shared/app-error.ts";
import type { ImageRunProgress, ImageRunSummary } from "../images/image-cache.ts";
import type { ImageWorkerJob, ImageWorkerMessage, ToImageWorker } from "./image-protocol.ts";
import { fromWireError } from "./wire-error.ts";
import { threadWorker, type WorkerModule } from "./worker-handle.ts";

const diedMessage =
  "Downloading the product pictures stopped unexpectedly. The next run continues where it stopped.";

export function runImagesInWorker(options: {
  module: WorkerModule;
  job: ImageWorkerJob;
  signal?: AbortSignal;
  onProgress?: (progress: ImageRunProgress) => void;
}): Promise<ImageRunSummary> {
  const create = options.module.create ?? threadWorker;
  const worker = create<ImageWorkerMessage, ToImageWorker>(options.module.worker, {
    workerData: options.job,
  });
  return new Promise((resolve, reject) => {
    let outcome: { ok: true; summary: ImageRunSummary } | { ok: false; error: AppError } | null = null;
    const cancel = () => worker.postMessage({ type: "cancel" });
    if (options.signal?.aborted) cancel();
    options.signal?.addEventListener("abort", cancel, { once: true });
    worker.on("message", (message) => {
      if (message.type === "progress") {
        options.onProgress?.(message.progress);
        return;
      }
      outcome =
        message.type === "done"
          ? { ok: true, summary: message.summary }
          : { ok: false, error: fromWireError(message.error) };
      // The last message comes once the worker has closed the cache: nothing of it is left to wait for.
      void worker.terminate();
    });
    worker.on("error", () => {
      outcome ??= { ok: false, error: new AppError("internal", diedMessage) };
    });
    // Settled once the worker is gone, so its connection to the cache's database is closed by then.
    worker.on("exit", () => {
      options.signal?.removeEventListener("abort", cancel);
      const final = outcome ?? { ok: false, error: new AppError("internal", diedMessage) };
      if (final.ok) resolve(final.summary);
      else reject(final.error);
    });
  });
}
