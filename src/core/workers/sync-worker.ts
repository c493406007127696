// The sync worker's module: one sync (sync-job.ts), in a thread or a process of its own (worker-entry.ts).
import { runSyncJob } from "./sync-job.ts";
import type { FromWorker, SyncJob, ToWorker } from "./sync-protocol.ts";
import { runAsWorker } from "./worker-entry.ts";

runAsWorker<FromWorker, ToWorker>((port, job, writerId) => runSyncJob(port, job as SyncJob, writerId));
