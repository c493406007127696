// The picture worker's module: one picture run (image-job.ts), in a thread or a process of its own
// (worker-entry.ts).
import { runImageJob } from "./image-job.ts";
import { runAsWorker } from "./worker-entry.ts";

runAsWorker(runImageJob);
