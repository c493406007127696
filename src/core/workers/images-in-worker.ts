// The main side of the picture worker (image-worker.ts): one run as one promise, progress as it comes,
// the summary at the end, or an AppError when it fails, is cancelled or dies.
import { Worker } from "node:worker_threads";
import { AppError } from "../../shared/app-error.ts";
import type { ImageRunProgress, ImageRunSummary } from "../images/image-cache.ts";
import type { ImageWorkerJob, ImageWorkerMessage } from "./image-protocol.ts";
import { fromWireError } from "./wire-error.ts";

const diedMessage =
  "Downloading the product pictures stopped unexpectedly. The next run continues where it stopped.";

export function runImagesInWorker(options: {
  workerUrl: URL;
  job: ImageWorkerJob;
  signal?: AbortSignal;
  onProgress?: (progress: ImageRunProgress) => void;
}): Promise<ImageRunSummary> {
  const worker = new Worker(options.workerUrl, { workerData: options.job });
  return new Promise((resolve, reject) => {
    let outcome: { ok: true; summary: ImageRunSummary } | { ok: false; error: AppError } | null = null;
    const cancel = () => worker.postMessage("cancel");
    if (options.signal?.aborted) cancel();
    options.signal?.addEventListener("abort", cancel, { once: true });
    worker.on("message", (message: ImageWorkerMessage) => {
      if (message.type === "progress") options.onProgress?.(message.progress);
      else if (message.type === "done") outcome = { ok: true, summary: message.summary };
      else outcome = { ok: false, error: fromWireError(message.error) };
    });
    worker.on("error", () => {
      outcome ??= { ok: false, error: new AppError("internal", diedMessage) };
    });
    // Settled once the thread is gone, so its connection to the cache's database is closed by then.
    worker.on("exit", () => {
      options.signal?.removeEventListener("abort", cancel);
      const final = outcome ?? { ok: false, error: new AppError("internal", diedMessage) };
      if (final.ok) resolve(final.summary);
      else reject(final.error);
    });
  });
}
