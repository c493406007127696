// One picture run, where the worker's entry put it (a thread or a process of its own, worker-entry.ts),
// so the thread answering the till's scans never waits for a download, a hash or a write. It reports
// progress and ends with the summary or the error, posted only once the cache is closed, so the main
// side may end the worker as soon as it comes. A "cancel" stops it; the next run continues from there.
import { isAppError } from "../../shared/app-error.ts";
import { type ImageRunProgress, openImageCache } from "../images/image-cache.ts";
import { type ImageWorkerMessage, imageWorkerJobSchema, type ToImageWorker } from "./image-protocol.ts";
import { scanGate } from "./scan-gate.ts";
import type { WorkerPort } from "./worker-entry.ts";

/**
 * Progress is posted at most this often: the run reports every picture, thousands a second, and each
 * message costs the main thread (the one answering scans) its handling. The status shows it twice a
 * second at most (picture-runs.ts); the run's end carries the final counts.
 */
const progressEveryMs = 200;

export async function runImageJob(
  port: WorkerPort<ImageWorkerMessage, ToImageWorker>,
  data: unknown,
): Promise<void> {
  const job = imageWorkerJobSchema.parse(data);
  const controller = new AbortController();
  port.onMessage((message) => {
    if (message.type === "cancel") controller.abort();
  });
  let progressPostedAt = Number.NEGATIVE_INFINITY;
  const postProgress = (progress: ImageRunProgress) => {
    const now = Date.now();
    if (now - progressPostedAt < progressEveryMs) return;
    progressPostedAt = now;
    port.postMessage({ type: "progress", progress });
  };
  let last: ImageWorkerMessage;
  const cache = openImageCache({ dataDir: job.dataDir, clock: Date.now });
  try {
    const summary = await cache.run({
      catalogFile: job.catalogFile,
      capBytes: job.capBytes,
      download: job.download,
      auth: async () => job.auth,
      signal: controller.signal,
      onProgress: postProgress,
      yieldToScans: job.scanGate === undefined ? undefined : scanGate(job.scanGate).clear,
    });
    last = { type: "done", summary };
  } catch (error) {
    last = {
      type: "failed",
      error: isAppError(error)
        ? { kind: error.kind, message: error.message }
        : {
            kind: "internal",
            message: "Downloading the product pictures failed unexpectedly.",
            detail: String(error),
          },
    };
  } finally {
    cache.close();
  }
  port.postMessage(last);
  port.close();
}
