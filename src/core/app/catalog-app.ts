// The catalog core seen from a host (the Electron main process, the browser bridge, the CLI): what
// it asks for when opening a catalog, and what it gets. openCatalog (open-catalog.ts) is the one way
// to open it; the IPC handlers drive the same object.

import type { CatalogStatus } from "../../shared/catalog/catalog-status.ts";
import type { LookupAnswer } from "../../shared/catalog/lookup-answer.ts";
import type { ImageCacheStatus } from "../../shared/catalog/product-pictures.ts";
import type { ServiceWait } from "../../shared/catalog/service-wait.ts";
import type { SessionInfo, SessionState } from "../../shared/catalog/session-info.ts";
import type { TimeLimits } from "../../shared/settings/app-settings.ts";
import type { Auth, CommerceClient, CommerceClientOptions } from "../api/commerce-client.ts";
import type { CatalogCheck } from "../catalog/catalog-file-guard.ts";
import type { ImageRunSummary } from "../images/image-cache.ts";
import type { ImageShelfRun } from "../images/image-shelf.ts";
import type { CatalogServiceEvents, CatalogServiceMethods } from "../ipc/catalog-handlers.ts";
import type { CatalogLog } from "../logging/catalog-log.ts";
import type { SerialAccess } from "../serial/serial-connection.ts";
import type { ServiceClock } from "../service-clock.ts";
import type { RecordStore } from "../storage/record-store.ts";
import type { SecretStore } from "../storage/secret-store.ts";
import type { SettingsStore } from "../storage/settings-store.ts";
import type { CatalogFileSyncSummary } from "../sync/catalog-file-sync.ts";
import type { WorkerModule } from "../workers/worker-handle.ts";
import type { SyncMode, SyncOptions } from "./sync-runs.ts";

/** Where the session, secrets and settings are kept. */
export interface CatalogStores {
  /** Who is signed in (no secrets). */
  records: RecordStore<SessionInfo>;
  secrets: SecretStore;
  settings: SettingsStore;
}

export interface OpenCatalogOptions {
  /** The folder of the catalog files and the picture cache. */
  dataDir: string;
  /** Default: files in `dataDir`, the secrets in a file only its owner can read (data-dir-stores.ts). */
  stores?: CatalogStores;
  /**
   * Where syncs run: a worker (the module src/core/workers/sync-worker.ts, or its build output), so
   * scans never wait for a write; or "in-process", for a host answering one command at a time. The
   * worker is a thread of this process unless `create` starts it elsewhere (worker-handle.ts).
   */
  sync: WorkerModule | "in-process";
  /** Where picture runs go: a worker (src/core/workers/image-worker.ts, or its build), or this thread. */
  pictures: WorkerModule | "in-process";
  /**
   * true (an app): a sync at start-up, every N minutes, when the connection comes back and after a
   * sign-in, the pictures after each sync, connectivity probes. false (a command): nothing starts
   * on its own. Default true.
   */
  background?: boolean;
  /** Why credentials cannot be remembered here (see chooseSecretStorage); null when they can. */
  rememberUnavailable?: string | null;
  clock?: ServiceClock;
  /**
   * For sign-ins and probes on this thread; a sync worker uses the platform's fetch, and pictures
   * download over Node's own HTTP client (images/picture-connections.ts).
   */
  fetch?: typeof fetch;
  /** Plain data only (a worker gets the same). Deadlines given here win over the settings' timeouts. */
  client?: Pick<CommerceClientOptions, "deadlines" | "retry">;
  /** The overall limits of a sync and a sign-in; those given here win over the settings'. */
  timeLimits?: Partial<TimeLimits>;
  /** Told while a sync, sign-in or change of address waits on a silent service, and when it ends. */
  onWaiting?: (wait: ServiceWait | null) => void;
  probe?: { intervalMs?: number; offlineIntervalMs?: number; timeoutMs?: number };
  /** Told about faults nobody asked for (a background sync's bug, a status that failed to build). */
  onFault?: (what: string, error: unknown) => void;
  /** Where the catalog's events are written (src/core/logging); nothing is logged without one. */
  log?: CatalogLog;
  /** Where saveDiagnostics saves (default: diagnostics/ in the data folder), and the app's version for it. */
  diagnostics?: { folder?: string; versions?: Record<string, string> };
  /** The version of a downloaded app update waiting to install (the shell's updater); none without. */
  updateReady?: () => string | null;
  /**
   * Serial scanners (with `background` only): how this host opens ports (serialportAccess), and a
   * port given at start (`--serial`) that wins over the settings'. None without.
   */
  serial?: { access: SerialAccess; port?: { port: string; baud: number } };
}

export interface CatalogApp extends CatalogServiceMethods, CatalogServiceEvents {
  dataDir: string;
  /** Reads the settings; with `background`, opens the catalog and starts its schedule. */
  start(): Promise<void>;
  /** Cancels a running sync and picture run, stops the timers and closes the catalog. */
  close(): Promise<void>;
  startSync(argument: { mode: SyncMode } & SyncOptions): Promise<CatalogFileSyncSummary>;
  /** Signs out; the catalog stays readable on the till unless `forgetCatalog` removes it too. */
  signOut(argument?: { forgetCatalog?: boolean } | null): Promise<null>;
  /** Moves a signed-in session to a new service address once the service answers there. */
  moveService(baseUrl: string): Promise<SessionInfo>;
  sessionState(): Promise<SessionState>;
  /** Calls the service with the session's token, renewed when it must be (e.g. the demo's sample). */
  authorised<T>(work: (auth: Auth, client: CommerceClient) => Promise<T>): Promise<T>;
  lookup(argument: { code: string; symbology?: string }): Promise<LookupAnswer>;
  /** The catalog file's own status, without the app's sync, connectivity and error state. */
  catalogStatus(): Promise<CatalogStatus>;
  /** The full integrity check of the catalog; a damaged file is set aside. */
  check(): Promise<CatalogCheck>;
  pictures: {
    /** Downloads what the catalog names (null when pictures are off), or only prunes. */
    run(options: Omit<ImageShelfRun, "catalogFile">): Promise<ImageRunSummary | null>;
    status(): Promise<ImageCacheStatus>;
  };
  /** The bytes of a cached picture, for the picture routes; null for anything but a hash it holds. */
  pictureBytes(hash: string): Buffer | null;
  /** Tells the windows the status again: the shell's own news changed (an update is ready). */
  announceStatus(): void;
  /** Settings edited by hand into something unusable, each with why (their defaults are used). */
  unusableSettings(): Promise<string[]>;
}
