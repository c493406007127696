// The catalog as a till runs it: the session, a read connection answering lookups at once (offline
// too), syncs one at a time (sync-runs.ts) in a worker thread or on this thread (sync-runner.ts), on
// their own schedule or on demand (sync-schedule.ts), the pictures after each sync
// (picture-runs.ts), the settings, and the status and events the screens follow. openCatalog
// (open-catalog.ts) puts it together for every host.
import { isAppError } from "../../shared/app-error.ts";
import type { AppStatus } from "../../shared/catalog/app-status.ts";
import type { CatalogStatus } from "../../shared/catalog/catalog-status.ts";
import type { SessionInfo } from "../../shared/catalog/session-info.ts";
import type { IpcError } from "../../shared/ipc/ipc-result.ts";
import { type AppSettings, appSettingsSchema, defaultSettings } from "../../shared/settings/app-settings.ts";
import type { CommerceClientOptions } from "../api/commerce-client.ts";
import { deadlinesOf } from "../api/request-deadlines.ts";
import { systemClock } from "../service-clock.ts";
import { observeServiceDates } from "../session/service-time.ts";
import { scanGate } from "../workers/scan-gate.ts";
import type { CatalogApp, CatalogStores, OpenCatalogOptions } from "./catalog-app.ts";
import { createEventHub } from "./catalog-events.ts";
import { wireCatalog } from "./catalog-wiring.ts";
import { createConnectivity } from "./connectivity.ts";
import { explainMiss, formatInstant, freshnessOf } from "./freshness.ts";
import { createPictureRuns } from "./picture-runs.ts";
import { inProcessSyncRunner, workerSyncRunner } from "./sync-runner.ts";
import { createSyncRuns } from "./sync-runs.ts";
import { createSyncSchedule, noSchedule } from "./sync-schedule.ts";

const minuteMs = 60_000;

/** The catalog over the given stores; hosts call openCatalog, which chooses them. */
export function createCatalogService(options: OpenCatalogOptions & { stores: CatalogStores }): CatalogApp {
  const { dataDir, stores } = options;
  const clock = options.clock ?? systemClock;
  const fault = (what: string, error: unknown) => options.onFault?.(what, error);
  const rememberUnavailable = options.rememberUnavailable ?? null;
  const background = options.background ?? true;
  let settings: AppSettings = defaultSettings;
  let lastError: IpcError | null = null;
  /** The catalog's status as of the last change, for explaining misses without counting rows. */
  let known: CatalogStatus | null = null;
  let sessionBaseUrl: string | null = null;
  let closed = false;

  const clientOptions = (): Pick<CommerceClientOptions, "deadlines" | "retry"> => ({
    deadlines: { ...deadlinesOf(settings.requestTimeouts), ...options.client?.deadlines },
    retry: options.client?.retry,
  });
  // Scans first: the workers pause while this thread answers one (workers/scan-gate.ts).
  const scans = scanGate();
  const {
    session,
    core,
    serviceTime,
    close: closeCatalog,
  } = wireCatalog({
    dataDir,
    records: stores.records,
    secrets: stores.secrets,
    clock: () => clock.now(),
    client: () => ({ ...clientOptions(), ...(options.fetch ? { fetch: options.fetch } : {}) }),
    scanOptions: () => settings.scanner,
    prices: () => settings.prices,
    images: () => settings.images,
    imageWorker: options.pictures === "in-process" ? undefined : options.pictures.worker,
    scanGate: scans.buffer,
  });
  const events = createEventHub(fault);
  const connectivity = createConnectivity({
    clock,
    // A probe's answer measures the clocks too, so the offset stays current between syncs.
    fetch: observeServiceDates(options.fetch ?? globalThis.fetch, serviceTime),
    probeIntervalMs: options.probe?.intervalMs,
    offlineProbeIntervalMs: options.probe?.offlineIntervalMs,
    probeTimeoutMs: options.probe?.timeoutMs,
    onChange(online, previous) {
      emitStatus();
      if (online && previous === false) void schedule.background();
    },
  });
  const pictures = createPictureRuns({
    images: core.images,
    clock,
    enabled: () => background && settings.images.enabled,
    onChange: emitStatus,
    onFault: fault,
  });
  const syncs = createSyncRuns({
    session,
    runner:
      options.sync === "in-process"
        ? inProcessSyncRunner(core)
        : workerSyncRunner({
            module: options.sync.worker,
            create: options.sync.create,
            dataDir,
            session,
            serviceTime,
            clock,
            client: clientOptions,
            stallMs: () => settings.syncStallMinutes * minuteMs,
            onFault: (detail) => fault("sync worker", detail),
            scanGate: scans.buffer,
          }),
    pageSize: () => settings.pageSize,
    onStart() {
      schedule.unplan();
      pictures.stop();
      emitStatus();
    },
    onProgress: (progress) => events.emit("syncProgress", progress),
    async onEnd(outcome) {
      if (outcome.ok) {
        // The sync downloaded into a fresh file: the read connection still holds the damaged one.
        if (outcome.summary.damagedCatalogSetAside !== null) await core.close();
        lastError = null;
        connectivity.report(null);
        pictures.follow();
      } else {
        if (!isAppError(outcome.error, "cancelled")) lastError = ipcErrorOf(outcome.error);
        connectivity.report(outcome.error);
      }
      await refreshKnown().catch((error: unknown) => fault("status", error));
      schedule.plan();
      emitStatus();
    },
  });
  const schedule = background
    ? createSyncSchedule({
        clock,
        intervalMinutes: () => settings.syncIntervalMinutes,
        idle: () => !closed && syncs.current() === null,
        ready: async () => (await session.state()).state === "signed-in",
        sync: () => syncs.start("incremental"),
        onFault: fault,
      })
    : noSchedule;

  function emitStatus(): void {
    if (closed || !events.heard("statusChanged")) return;
    status().then(
      (value) => events.emit("statusChanged", value),
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
    const running = syncs.current();
    const nextAt = schedule.nextAt();
    return {
      ...base,
      // A picture run about to begin counts as running: the status never says "done" before it starts.
      images: { ...base.images, running: base.images.running || pictures.active() },
      freshness: freshnessOf(base.lastSyncAt, serviceTime.now(), settings.staleAfterHours),
      sync: {
        running: running !== null,
        mode: running?.mode ?? null,
        progress: running?.progress ?? null,
        nextAt: nextAt === null ? null : new Date(nextAt).toISOString(),
      },
      online: connectivity.online(),
      lastError,
      rememberUnavailable,
    };
  }

  async function signedIn(info: SessionInfo, signIn: AppSettings["signIn"]): Promise<SessionInfo> {
    connectivity.report(null);
    // "Sign in again" and the like no longer hold once someone has.
    lastError = null;
    settings = { ...settings, baseUrl: info.baseUrl, signIn };
    await stores.settings.write(settings);
    await refreshKnown();
    emitStatus();
    void schedule.background();
    return info;
  }

  async function signingIn<T>(work: () => Promise<T>): Promise<T> {
    await syncs.stop();
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
   * person is told why.
   */
  async function moveService(baseUrl: string): Promise<SessionInfo> {
    const info = await signingIn(() => session.moveTo(baseUrl));
    sessionBaseUrl = baseUrl;
    void schedule.background();
    return info;
  }

  return {
    dataDir,

    async start() {
      settings = await stores.settings.read();
      if (!background) return;
      try {
        await refreshKnown();
      } catch (error) {
        // A damaged catalog file: the app still opens and says so; a sign-in or sync may repair it.
        lastError = ipcErrorOf(error);
      }
      connectivity.start(() => sessionBaseUrl ?? settings.baseUrl);
      schedule.plan();
      void schedule.background();
    },

    async close() {
      closed = true;
      connectivity.stop();
      schedule.unplan();
      await syncs.close();
      await pictures.close();
      await closeCatalog();
      events.clear();
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

    moveService,

    async signOut(argument) {
      await syncs.stop();
      // The catalog stays on the till and keeps answering unless asked to go too.
      await core.signOut({ forgetCatalog: argument?.forgetCatalog ?? false });
      await refreshKnown().catch((error: unknown) => fault("status", error));
      emitStatus();
      return null;
    },

    sessionInfo: () => session.info(),
    sessionState: async () => (await session.state()).state,
    authorised: (work) => session.authorised(work),
    pictureFile: (hash) => core.images.fileOf(hash),
    pictures: { run: (run) => core.images.run(run), status: () => core.images.status() },
    status,
    catalogStatus: () => core.status(),
    check: () => core.check(),
    startSync: ({ mode, ...rest }) => syncs.start(mode, rest),
    cancelSync: async () => syncs.cancel(),

    async lookup({ code }) {
      const answer = await scans.scanning(() => core.lookup(code));
      if (answer.reason?.kind !== "unknown-code") return answer;
      const facts = known ?? (await core.status());
      return explainMiss(answer, {
        status: facts,
        freshness: freshnessOf(facts.lastSyncAt, serviceTime.now(), settings.staleAfterHours),
        syncRunning: syncs.current() !== null,
        formatTime: (iso) => formatInstant(iso, settings.language),
      });
    },

    search: ({ text, limit }) => core.search(text, limit ?? 20),
    product: ({ id }) => core.product(id),
    branches: () => core.branches(),
    settings: async () => settings,
    unusableSettings: () => stores.settings.unusable(),

    async changeSettings(change) {
      const next = appSettingsSchema.parse({ ...settings, ...change });
      const moved = next.baseUrl !== null && next.baseUrl !== settings.baseUrl;
      // Signed out, the next sign-in uses the new address.
      if (moved && (await session.state()).state === "signed-in") await moveService(next.baseUrl as string);
      await stores.settings.write(next);
      const intervalChanged = next.syncIntervalMinutes !== settings.syncIntervalMinutes;
      settings = next;
      if (intervalChanged) schedule.plan();
      emitStatus();
      return next;
    },

    onSyncProgress: (listener) => events.on("syncProgress", listener),
    onStatusChanged: (listener) => events.on("statusChanged", listener),
  };
}

function ipcErrorOf(error: unknown): IpcError {
  if (isAppError(error)) return { kind: error.kind, message: error.message };
  return { kind: "internal", message: "Something went wrong inside the catalog app." };
}
