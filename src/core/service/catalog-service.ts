// The catalog as the desktop app's main process runs it: the session, a read connection answering
// lookups at once (offline too), and every sync in a worker thread with its own write connection.
// Syncs start on their own (at start-up, every N minutes, when the connection comes back) or on
// demand, one at a time. Plain Node: the Electron shell and the browser bridge both drive this.

import { Worker } from "node:worker_threads";
import { AppError, isAppError } from "../../shared/app-error.ts";
import type { AppStatus } from "../../shared/catalog/app-status.ts";
import type { CatalogStatus } from "../../shared/catalog/catalog-status.ts";
import type { SessionInfo } from "../../shared/catalog/session-info.ts";
import type { SyncProgress } from "../../shared/catalog/sync-progress.ts";
import type { CatalogEvent } from "../../shared/ipc/catalog-channels.ts";
import type { EventData } from "../../shared/ipc/catalog-contract.ts";
import type { IpcError } from "../../shared/ipc/ipc-result.ts";
import { type AppSettings, appSettingsSchema, defaultSettings } from "../../shared/settings/app-settings.ts";
import type { Auth, CommerceClientOptions } from "../api/commerce-client.ts";
import { deadlinesOf } from "../api/request-deadlines.ts";
import { catalogFileFor } from "../catalog/catalog-store.ts";
import { wireCatalog } from "../catalog-wiring.ts";
import type { CatalogServiceEvents, CatalogServiceMethods } from "../ipc/catalog-handlers.ts";
import { observeServiceDates } from "../session/service-time.ts";
import type { RecordStore } from "../storage/record-store.ts";
import type { SecretStore } from "../storage/secret-store.ts";
import type { SettingsStore } from "../storage/settings-store.ts";
import type { CatalogFileSyncSummary } from "../sync/catalog-file-sync.ts";
import { createConnectivity } from "./connectivity.ts";
import { explainMiss, freshnessOf } from "./freshness.ts";
import { type ServiceClock, systemClock } from "./service-clock.ts";
import { type CreateWorker, syncInWorker } from "./worker-sync.ts";

export interface CatalogServiceDeps {
  dataDir: string;
  /** Who is signed in (no secrets). */
  records: RecordStore<SessionInfo>;
  secrets: SecretStore;
  settings: SettingsStore;
  /** Why credentials cannot be remembered here (see chooseSecretStorage); null when they can. */
  rememberUnavailable?: string | null;
  clock?: ServiceClock;
  /** For sign-ins and probes on the main side; the worker uses the platform's fetch. */
  fetch?: typeof fetch;
  /** The sync worker's module (src/core/service/sync-worker.ts, or its build output). */
  syncWorker: { url: URL; create?: CreateWorker };
  /** The picture worker's module (src/core/images/image-worker.ts, or its build output). */
  imageWorker: { url: URL };
  /** Plain data only: the worker gets the same. Deadlines given here win over the settings' timeouts. */
  client?: Pick<CommerceClientOptions, "deadlines" | "retry">;
  probe?: { intervalMs?: number; offlineIntervalMs?: number; timeoutMs?: number };
  /** Told about faults nobody asked for (a background sync's bug, a status that failed to build). */
  onFault?: (what: string, error: unknown) => void;
}

export interface CatalogService extends CatalogServiceMethods, CatalogServiceEvents {
  /** Opens the local catalog, then syncs in the background when a session is usable. */
  start(): Promise<void>;
  /** Cancels a running sync, waits for its worker, stops the timers and closes the catalog. */
  close(): Promise<void>;
  /** The file of a cached picture, for the picture routes; null for anything but a hash it holds. */
  pictureFile(hash: string): string | null;
}

interface RunningSync {
  controller: AbortController;
  mode: "full" | "incremental";
  progress: SyncProgress | null;
  finished: Promise<unknown>;
}

const minuteMs = 60_000;

export function createCatalogService(deps: CatalogServiceDeps): CatalogService {
  const clock = deps.clock ?? systemClock;
  const fault = (what: string, error: unknown) => deps.onFault?.(what, error);
  const rememberUnavailable = deps.rememberUnavailable ?? null;
  let settings: AppSettings = defaultSettings;
  const {
    session,
    core,
    serviceTime,
    close: closeCatalog,
  } = wireCatalog({
    dataDir: deps.dataDir,
    records: deps.records,
    secrets: deps.secrets,
    clock: () => clock.now(),
    client: () => ({ ...clientOptions(), ...(deps.fetch ? { fetch: deps.fetch } : {}) }),
    scanOptions: () => settings.scanner,
    prices: () => settings.prices,
    images: () => settings.images,
    imageWorker: deps.imageWorker.url,
  });
  const listeners = {
    syncProgress: new Set<(data: unknown) => void>(),
    statusChanged: new Set<(data: unknown) => void>(),
  };
  let running: RunningSync | null = null;
  /** The picture run that follows a sync; stopped when the next sync starts or the app closes. */
  let pictures: { controller: AbortController; finished: Promise<void> } | null = null;
  let lastPictureStatusAt = 0;
  let lastError: IpcError | null = null;
  /** The catalog's status as of the last change, for explaining misses without counting rows. */
  let known: CatalogStatus | null = null;
  let sessionBaseUrl: string | null = null;
  let planned: { timer: unknown; at: number } | null = null;
  let closed = false;

  const connectivity = createConnectivity({
    clock,
    // A probe's answer measures the clocks too, so the offset stays current between syncs.
    fetch: observeServiceDates(deps.fetch ?? globalThis.fetch, serviceTime),
    probeIntervalMs: deps.probe?.intervalMs,
    offlineProbeIntervalMs: deps.probe?.offlineIntervalMs,
    probeTimeoutMs: deps.probe?.timeoutMs,
    onChange(online, previous) {
      emitStatus();
      if (online && previous === false) void backgroundSync();
    },
  });

  function clientOptions(): Pick<CommerceClientOptions, "deadlines" | "retry"> {
    return {
      deadlines: { ...deadlinesOf(settings.requestTimeouts), ...deps.client?.deadlines },
      retry: deps.client?.retry,
    };
  }

  function emit<E extends CatalogEvent>(event: E, data: EventData<E>): void {
    for (const listener of listeners[event]) {
      try {
        listener(data);
      } catch (error) {
        fault(`a ${event} listener`, error);
      }
    }
  }

  function emitStatus(): void {
    if (closed || listeners.statusChanged.size === 0) return;
    status().then(
      (value) => emit("statusChanged", value),
      // A status still being read when the catalog closes has no one left to tell.
      (error: unknown) => {
        if (!closed) fault("status", error);
      },
    );
  }

  async function refreshKnown(): Promise<void> {
    sessionBaseUrl = (await session.state()).record?.baseUrl ?? null;
    known = await core.status();
  }

  async function status(): Promise<AppStatus> {
    const base = await core.status();
    known = base;
    return {
      ...base,
      // A picture run about to begin counts as running: the status never says "done" before it starts.
      images: { ...base.images, running: base.images.running || pictures !== null },
      freshness: freshnessOf(base.lastSyncAt, serviceTime.now(), settings.staleAfterHours),
      sync: {
        running: running !== null,
        mode: running?.progress?.mode ?? running?.mode ?? null,
        progress: running?.progress ?? null,
        nextAt: planned === null ? null : new Date(planned.at).toISOString(),
      },
      online: connectivity.online(),
      lastError,
      rememberUnavailable,
    };
  }

  /** A valid token for the worker, never the one the service just refused: renewal stays here. */
  function tokenFor(refused: string | null): Promise<Auth> {
    return session.authorised(async (auth) => {
      // Reported as a refusal, so the session renews (when it may) and calls again with a new token.
      if (auth.token === refused)
        throw new AppError("unauthorized", "The commerce service refused the token.");
      return auth;
    });
  }

  function sync(mode: "full" | "incremental"): Promise<CatalogFileSyncSummary> {
    if (closed) return Promise.reject(new AppError("cancelled", "The catalog is closing."));
    if (running !== null) {
      return Promise.reject(
        new AppError("conflict", "A sync is already running. Wait for it to finish, or cancel it."),
      );
    }
    const controller = new AbortController();
    const run: RunningSync = { controller, mode, progress: null, finished: Promise.resolve() };
    running = run;
    unplan();
    // Scanning comes first: a sync never shares the line with pictures.
    pictures?.controller.abort();
    const work = runSyncWork(run);
    run.finished = work.catch(() => undefined);
    emitStatus();
    return work;
  }

  async function runSyncWork(run: RunningSync): Promise<CatalogFileSyncSummary> {
    try {
      const info = await session.info();
      if (info === null)
        throw new AppError("sign-in-required", "Nobody is signed in. Sign in once to download the catalog.");
      const { summary } = await syncInWorker({
        workerUrl: deps.syncWorker.url,
        createWorker: deps.syncWorker.create ?? ((url, options) => new Worker(url, options)),
        job: {
          catalogFile: catalogFileFor(deps.dataDir, info.account.id),
          baseUrl: info.baseUrl,
          full: run.mode === "full",
          pageSize: settings.pageSize,
          client: clientOptions(),
          clockOffsetMs: serviceTime.now() - Date.now(),
        },
        token: tokenFor,
        onProgress(progress) {
          run.progress = progress;
          emit("syncProgress", progress);
        },
        onFault: (detail) => fault("sync worker", detail),
        signal: run.controller.signal,
        watchdog: { clock, stallMs: settings.syncStallMinutes * minuteMs },
      });
      // The worker downloaded into a fresh file: the read connection still holds the damaged one.
      if (summary.damagedCatalogSetAside !== null) await core.close();
      lastError = null;
      connectivity.report(null);
      fetchPictures();
      return summary;
    } catch (error) {
      if (!isAppError(error, "cancelled")) lastError = ipcErrorOf(error);
      connectivity.report(error);
      throw error;
    } finally {
      running = null;
      await refreshKnown().catch((error: unknown) => fault("status", error));
      plan();
      emitStatus();
    }
  }

  /** Downloads the pictures the synced catalog names, once the previous picture run has stopped. */
  function fetchPictures(): void {
    if (!settings.images.enabled) return;
    const previous = pictures;
    const controller = new AbortController();
    const finished = (async () => {
      // Begun once the sync's answer is out, so opening the cache and the worker never delay it.
      await new Promise((resolve) => setImmediate(resolve));
      await previous?.finished;
      if (closed || controller.signal.aborted) return;
      try {
        await core.images.run({ download: true, signal: controller.signal, onProgress: pictureProgress });
      } catch (error) {
        // Its problem is in the images status; only a bug is worth a fault report.
        if (!isAppError(error)) fault("pictures", error);
      } finally {
        if (pictures?.controller === controller) pictures = null;
        emitStatus();
      }
    })();
    pictures = { controller, finished };
  }

  /** The status bar follows the picture run, told at most twice a second. */
  function pictureProgress(): void {
    const now = clock.now();
    if (now - lastPictureStatusAt < 500) return;
    lastPictureStatusAt = now;
    emitStatus();
  }

  async function sessionUsable(): Promise<boolean> {
    return (await session.state()).state === "signed-in";
  }

  /** A sync nobody waits for: its outcome shows in the status. Skipped when one runs or none can. */
  async function backgroundSync(): Promise<void> {
    try {
      if (closed || running !== null) return;
      if (!(await sessionUsable())) {
        plan();
        return;
      }
      await sync("incremental");
    } catch (error) {
      if (!isAppError(error)) fault("background sync", error);
    }
  }

  function unplan(): void {
    if (planned !== null) clock.clearTimeout(planned.timer);
    planned = null;
  }

  /** The next periodic sync, counted from now: any sync, on demand or not, restarts the count. */
  function plan(): void {
    unplan();
    if (closed || running !== null || settings.syncIntervalMinutes === 0) return;
    const ms = settings.syncIntervalMinutes * minuteMs;
    const timer = clock.setTimeout(() => {
      planned = null;
      void backgroundSync();
    }, ms);
    planned = { timer, at: clock.now() + ms };
  }

  async function stopSync(): Promise<void> {
    const current = running;
    if (current === null) return;
    current.controller.abort();
    await current.finished;
  }

  async function signedIn(info: SessionInfo, signIn: AppSettings["signIn"]): Promise<SessionInfo> {
    connectivity.report(null);
    // "Sign in again" and the like no longer hold once someone has.
    lastError = null;
    settings = { ...settings, baseUrl: info.baseUrl, signIn };
    await deps.settings.write(settings);
    await refreshKnown();
    emitStatus();
    void backgroundSync();
    return info;
  }

  async function signingIn<T>(work: () => Promise<T>): Promise<T> {
    await stopSync();
    // The picture run carries the session it began with: no download of it outlives that session.
    pictures?.controller.abort();
    try {
      return await work();
    } catch (error) {
      connectivity.report(error);
      throw error;
    }
  }

  /**
   * A new service address while signed in: the session moves there once the service answers there
   * (it moved to another host or port), keeping the catalog; otherwise nothing changes and the
   * person is told why. Signed out, the next sign-in uses the address.
   */
  async function followService(baseUrl: string): Promise<void> {
    if ((await session.state()).state !== "signed-in") return;
    await signingIn(() => session.moveTo(baseUrl));
    sessionBaseUrl = baseUrl;
    void backgroundSync();
  }

  function formatTime(iso: string): string {
    try {
      return new Intl.DateTimeFormat(settings.language, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(iso),
      );
    } catch {
      return iso;
    }
  }

  return {
    async start() {
      settings = await deps.settings.read();
      try {
        await refreshKnown();
      } catch (error) {
        // A damaged catalog file: the app still opens and says so; a sign-in or sync may repair it.
        lastError = ipcErrorOf(error);
      }
      connectivity.start(() => sessionBaseUrl ?? settings.baseUrl);
      plan();
      void backgroundSync();
    },

    async close() {
      closed = true;
      connectivity.stop();
      unplan();
      await stopSync();
      pictures?.controller.abort();
      await pictures?.finished;
      await closeCatalog();
      listeners.syncProgress.clear();
      listeners.statusChanged.clear();
    },

    async signInOrganisation({ baseUrl, organisation, username, password, remember }) {
      const info = await signingIn(() =>
        session.signInOrganisation({
          baseUrl,
          organisation,
          username,
          password,
          remember: remember && rememberUnavailable === null,
        }),
      );
      return signedIn(info, { method: "organisation", organisation, username });
    },

    async signInApiKey({ baseUrl, accountId, apiKey, remember }) {
      const info = await signingIn(() =>
        session.signInApiKey({
          baseUrl,
          accountId,
          apiKey,
          remember: remember && rememberUnavailable === null,
        }),
      );
      return signedIn(info, { method: "api-key", accountId });
    },

    async signOut() {
      await stopSync();
      pictures?.controller.abort();
      // The catalog stays on the till and keeps answering; only the session and secrets go.
      await core.signOut();
      await refreshKnown().catch((error: unknown) => fault("status", error));
      emitStatus();
      return null;
    },

    sessionInfo: () => session.info(),
    pictureFile: (hash) => core.images.fileOf(hash),
    status,
    startSync: ({ mode }) => sync(mode),

    async cancelSync() {
      if (running === null) return false;
      running.controller.abort();
      return true;
    },

    async lookup({ code }) {
      const answer = await core.lookup(code);
      if (answer.reason?.kind !== "unknown-code") return answer;
      const facts = known ?? (await core.status());
      return explainMiss(answer, {
        status: facts,
        freshness: freshnessOf(facts.lastSyncAt, serviceTime.now(), settings.staleAfterHours),
        syncRunning: running !== null,
        formatTime,
      });
    },

    search: ({ text, limit }) => core.search(text, limit ?? 20),
    product: ({ id }) => core.product(id),
    branches: () => core.branches(),
    settings: async () => settings,

    async changeSettings(change) {
      const next = appSettingsSchema.parse({ ...settings, ...change });
      if (next.baseUrl !== null && next.baseUrl !== settings.baseUrl) await followService(next.baseUrl);
      await deps.settings.write(next);
      const intervalChanged = next.syncIntervalMinutes !== settings.syncIntervalMinutes;
      settings = next;
      if (intervalChanged) plan();
      emitStatus();
      return next;
    },

    onSyncProgress(listener) {
      const entry = listener as (data: unknown) => void;
      listeners.syncProgress.add(entry);
      return () => listeners.syncProgress.delete(entry);
    },

    onStatusChanged(listener) {
      const entry = listener as (data: unknown) => void;
      listeners.statusChanged.add(entry);
      return () => listeners.statusChanged.delete(entry);
    },
  };
}

function ipcErrorOf(error: unknown): IpcError {
  if (isAppError(error)) return { kind: error.kind, message: error.message };
  return { kind: "internal", message: "Something went wrong inside the catalog app." };
}
