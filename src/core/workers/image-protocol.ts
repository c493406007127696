// The messages between the picture worker (image-job.ts) and its main side (images-in-worker.ts).
// The run arrives as the worker's job, plain data only: the token is asked for on the main side.
import { z } from "zod";
import type { ImageRunProgress, ImageRunSummary } from "../images/image-cache.ts";
import type { WireError } from "./wire-error.ts";
import type { CancelMessage } from "./worker-handle.ts";

export const imageWorkerJobSchema = z.object({
  dataDir: z.string(),
  catalogFile: z.string(),
  capBytes: z.number().int().positive(),
  download: z.boolean(),
  auth: z.object({ origin: z.string(), token: z.string() }).nullable(),
  /** The main thread's count of scans being answered: shared, not copied (scan-gate.ts); threads only. */
  scanGate: z.instanceof(SharedArrayBuffer).optional(),
});
export type ImageWorkerJob = z.infer<typeof imageWorkerJobSchema>;

export type ImageWorkerMessage =
  | { type: "progress"; progress: ImageRunProgress }
  | { type: "done"; summary: ImageRunSummary }
  | { type: "failed"; error: WireError };

export type ToImageWorker = CancelMessage;
