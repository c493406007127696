// The picture run in a worker thread of its own, so the main thread, which answers the till's scans,
// never waits for a download, a hash or a write. It gets the run as plain data (the token included,
// asked for once on the main side), reports progress, and ends with the summary or the error. A
// "cancel" message stops it; the next run continues where it stopped.
import { parentPort, workerData } from "node:worker_threads";
import { isAppError } from "../../shared/app-error.ts";
import { type ImageRunProgress, openImageCache } from "../images/image-cache.ts";
import { lowerThisThreadsPriority } from "./background-priority.ts";
import { type ImageWorkerMessage, imageWorkerJobSchema } from "./image-protocol.ts";
import { scanGate } from "./scan-gate.ts";

const port = parentPort;
if (port === null) throw new Error("image-worker.ts runs only as a worker thread");
lowerThisThreadsPriority();
const post = (message: ImageWorkerMessage) => port.postMessage(message);
const job = imageWorkerJobSchema.parse(workerData);
const controller = new AbortController();
port.on("message", (message: unknown) => {
  if (message === "cancel") controller.abort();
});

/**
 * Progress is posted at most this often: the run reports every picture, thousands a second, and each
 * message costs the main thread (the one answering scans) its handling. The status shows it twice a
 * second at most (picture-runs.ts); the run's end carries the final counts.
 */
const progressEveryMs = 200;
let progressPostedAt = Number.NEGATIVE_INFINITY;
const postProgress = (progress: ImageRunProgress) => {
  const now = Date.now();
  if (now - progressPostedAt < progressEveryMs) return;
  progressPostedAt = now;
  post({ type: "progress", progress });
};

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
  post({ type: "done", summary });
} catch (error) {
  post({
    type: "failed",
    error: isAppError(error)
      ? { kind: error.kind, message: error.message }
      : {
          kind: "internal",
          message: "Downloading the product pictures failed unexpectedly.",
          detail: String(error),
        },
  });
} finally {
  cache.close();
  port.close();
}
