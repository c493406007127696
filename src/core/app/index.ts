// The front door of the catalog core. Hosts (src/cli, src/main, src/bridge) import from src/core only
// through src/core/app; this file names what they get. Open a catalog with openCatalog, then:
// sign in and out, sync now (startSync) or on the schedule (background), look up, search, status,
// pictures, settings, and the events the screens follow (onSyncProgress, onStatusChanged).
export type { RequestDeadlines } from "../api/request-deadlines.ts";
export type { CatalogCheck, ReferenceWithUnusableParts } from "../catalog/catalog-file-guard.ts";
export type { ProductWithUnusableParts } from "../catalog/unusable-parts-list.ts";
export { diagnosticsFileName, writeDiagnosticsFile } from "../diagnostics/diagnostics-file.ts";
export { healthExitCodes, type TillHealth, tillHealth } from "../health/till-health.ts";
export type { ImageRunProgress, ImageRunSummary } from "../images/image-cache.ts";
export { answerPicture } from "../images/picture-answer.ts";
export {
  type CatalogHandlers,
  type CatalogServiceEvents,
  type CatalogServiceMethods,
  createCatalogHandlers,
  forwardCatalogEvents,
} from "../ipc/catalog-handlers.ts";
export { trustedSender } from "../ipc/trusted-sender.ts";
export type { CatalogLog } from "../logging/catalog-log.ts";
export { type OpenedCatalogLog, openCatalogLog } from "../logging/open-catalog-log.ts";
export { createLineSplitter } from "../serial/line-splitter.ts";
export type { OpenSerialPort, SerialAccess, SerialConnection } from "../serial/serial-connection.ts";
export { type SerialScanner, startSerialScanner } from "../serial/serial-scanner.ts";
export { serialportAccess } from "../serial/serialport-access.ts";
export { type ServiceClock, systemClock } from "../service-clock.ts";
export { settingsFileIn } from "../storage/data-dir-stores.ts";
export type { CatalogFileSyncSummary } from "../sync/catalog-file-sync.ts";
export { forkedWorker } from "../workers/forked-worker.ts";
export type { CreateWorker, WorkerHandle, WorkerModule } from "../workers/worker-handle.ts";
export { processWorkerHandle } from "../workers/worker-process.ts";
export type { CatalogApp, CatalogStores, OpenCatalogOptions } from "./catalog-app.ts";
export { openCatalog } from "./open-catalog.ts";
export type { SyncMode, SyncOptions } from "./sync-runs.ts";
