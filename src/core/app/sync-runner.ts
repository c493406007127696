// Where a sync does its work. An app runs each sync in a worker thread with its own write connection,
// so a scan never waits for a page to be written; a one-shot command (the CLI) runs it on its own
// thread, where nothing else waits. Everything before and after a sync is the same either way
// (sync-runs.ts): only this step differs.
import { AppError } from "../../shared/app-error.ts";
import type { ServiceWait } from "../../shared/catalog/service-wait.ts";
import type { SessionInfo } from "../../shared/catalog/session-info.ts";
import type { SyncProgress } from "../../shared/catalog/sync-progress.ts";
import type { Auth, CommerceClientOptions } from "../api/commerce-client.ts";
import { catalogFileFor } from "../catalog/catalog-store.ts";
import type { ServiceClock } from "../service-clock.ts";
import type { ServiceTime } from "../session/service-time.ts";
import type { Session } from "../session/session.ts";
import type { CatalogFileSyncSummary } from "../sync/catalog-file-sync.ts";
import { syncInWorker } from "../workers/sync-in-worker.ts";
import { type CreateWorker, threadWorker } from "../workers/worker-handle.ts";
import type { CatalogCore } from "./catalog-core.ts";
import type { ServiceLimits } from "./service-limits.ts";

export interface SyncRequest {
  /** Who is signed in, and where. */
  info: SessionInfo;
  full: boolean;
  pageSize: number;
  signal: AbortSignal;
  onProgress: (progress: SyncProgress) => void;
}

export type SyncRunner = (request: SyncRequest) => Promise<CatalogFileSyncSummary>;

/** Here the clients the session makes for the sync get its budget from `limits`. */
export function inProcessSyncRunner(core: CatalogCore, limits: ServiceLimits): SyncRunner {
  return ({ full, pageSize, signal, onProgress }) =>
    limits.within("sync", () => core.sync({ full, pageSize, signal, onProgress }));
}

export interface WorkerSyncRunnerDeps {
  /** The worker's module, and how to start it (tests watch their threads). */
  module: URL;
  create?: CreateWorker;
  dataDir: string;
  session: Session;
  serviceTime: ServiceTime;
  clock: ServiceClock;
  /** Plain data only: it crosses to the worker. */
  client: () => Pick<CommerceClientOptions, "deadlines" | "retry">;
  /** A worker silent for this long is stuck, and stopped. */
  stallMs: () => number;
  /** The sync's overall limit, which the worker keeps itself. */
  limitMs: () => number;
  onWaiting: (wait: ServiceWait | null) => void;
  onFault: (detail: string) => void;
  /** The count of scans being answered, shared with the worker (workers/scan-gate.ts). */
  scanGate?: SharedArrayBuffer;
}

export function workerSyncRunner(deps: WorkerSyncRunnerDeps): SyncRunner {
  const { session } = deps;
  /** A valid token for the worker, never the one the service just refused: renewal stays here. */
  const tokenFor = (refused: string | null): Promise<Auth> =>
    session.authorised(async (auth) => {
      // Reported as a refusal, so the session renews (when it may) and calls again with a new token.
      if (auth.token === refused)
        throw new AppError("unauthorized", "The commerce service refused the token.");
      return auth;
    });
  return async ({ info, full, pageSize, signal, onProgress }) => {
    const { summary } = await syncInWorker({
      workerUrl: deps.module,
      createWorker: deps.create ?? threadWorker,
      job: {
        catalogFile: catalogFileFor(deps.dataDir, info.account.id),
        baseUrl: info.baseUrl,
        full,
        pageSize,
        client: deps.client(),
        limitMs: deps.limitMs(),
        clockOffsetMs: deps.serviceTime.now() - Date.now(),
        scanGate: deps.scanGate,
      },
      token: tokenFor,
      onProgress,
      onWaiting: deps.onWaiting,
      onFault: deps.onFault,
      signal,
      watchdog: { clock: deps.clock, stallMs: deps.stallMs() },
    });
    return summary;
  };
}
