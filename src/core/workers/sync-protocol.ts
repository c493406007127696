// The messages between the catalog service and its sync worker. The worker holds no session: it asks
// for a valid token before each request (naming the one the service refused, if any), so renewal
// happens in one place, on the main side.
import type { ServiceWait } from "../../shared/catalog/service-wait.ts";
import type { SyncProgress } from "../../shared/catalog/sync-progress.ts";
import type { Auth, CommerceClientOptions } from "../api/commerce-client.ts";
import type { CatalogFileSyncSummary } from "../sync/catalog-file-sync.ts";
import type { WireError } from "./wire-error.ts";

/** What one sync needs; passed as workerData, so plain data only. */
export interface SyncJob {
  catalogFile: string;
  baseUrl: string;
  full: boolean;
  pageSize: number;
  client: Pick<CommerceClientOptions, "deadlines" | "retry">;
  /** The sync's overall limit (time-budget.ts), every request and retry inside it. */
  limitMs: number;
  /** The service's clock minus this thread's: the worker stamps syncs in the service's time. */
  clockOffsetMs: number;
  /** The main thread's count of scans being answered: shared, not copied (scan-gate.ts). */
  scanGate?: SharedArrayBuffer;
}

export type FromWorker =
  | { type: "token-request"; id: number; refused: string | null }
  | { type: "progress"; progress: SyncProgress }
  | { type: "waiting"; wait: ServiceWait | null }
  | { type: "done"; summary: CatalogFileSyncSummary; threadId: number }
  | { type: "failed"; error: WireError };

export type ToWorker =
  | { type: "token"; id: number; auth: Auth }
  | { type: "token-failed"; id: number; error: WireError }
  | { type: "cancel" };
