// The catalog as a till runs it: the session, a read connection answering lookups at once (offline
// too), syncs one at a time (sync-runs.ts) in a worker thread or on this thread (sync-runner.ts), on
// their own schedule or on demand (sync-schedule.ts), the pictures after each sync
// (picture-runs.ts), the settings, and the status and events the screens follow. openCatalog
// (open-catalog.ts) puts it together for every host.
import { isAppError } from "../../shared/app-error.ts";
import type { AppStatus } from "../../shared/catalog/app-status.ts";
import { appSettingsSchema } from "../../shared/settings/app-settings.ts";
import type { CommerceClientOptions } from "../api/commerce-client.ts";
import { deadlinesOf } from "../api/request-deadlines.ts";
import { systemClock } from "../service-clock.ts";
import { observeServiceDates } from "../session/service-time.ts";
import { scanGate } from "../workers/scan-gate.ts";
import { initialAppState, ipcErrorOf } from "./app-state.ts";
import type { CatalogApp, CatalogStores, OpenCatalogOptions } from "./catalog-app.ts";
import { createEventHub } from "./catalog-events.ts";
import { createCatalogUpkeep } from "./catalog-upkeep.ts";
import { wireCatalog } from "./catalog-wiring.ts";
import { createConnectivity } from "./connectivity.ts";
import { explainMiss, formatInstant, freshnessOf } from "./freshness.ts";
import { createPictureRuns } from "./picture-runs.ts";
import { createSerialScanning } from "./serial-scanning.ts";
import { createServiceLimits } from "./service-limits.ts";
import { createSignInFlow } from "./sign-in-flow.ts";
import { inProcessSyncRunner, workerSyncRunner } from "./sync-runner.ts";
import { createSyncRuns } from "./sync-runs.ts";
import { createSyncSchedule, noSchedule } from "./sync-schedule.ts";

const minuteMs = 60_000;

/** The catalog over the given stores; hosts call openCatalog, which chooses them. */
export function createCatalogService(options: OpenCatalogOptions & { stores: CatalogStores }): CatalogApp {
  const { dataDir, stores } = options;
  const clock = options.clock ?? systemClock;
  const { log } = options;
  const fault = (what: string, error: unknown) => {
    log?.fault(what, error);
    options.onFault?.(what, error);
  };
  const background = options.background ?? true;
  const state = initialAppState();

  const clientOptions = (): Pick<CommerceClientOptions, "deadlines" | "retry"> => ({
    deadlines: { ...deadlinesOf(state.settings.requestTimeouts), ...options.client?.deadlines },
    retry: options.client?.retry,
  });
  const limits = createServiceLimits({
    limits: () => ({ ...state.settings.timeLimits, ...options.timeLimits }),
    now: () => clock.now(),
    onWaiting: options.onWaiting,
    onChange: emitStatus,
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
    client: () => ({ ...clientOptions(), budget: limits.current(), fetch: options.fetch }),
    scanOptions: () => state.settings.scanner,
    prices: () => state.settings.prices,
    favouriteSet: () => state.settings.favouriteSet,
    shelfLabels: () => state.settings.shelfLabels,
    images: () => state.settings.images,
    imageWorker: options.pictures === "in-process" ? undefined : options.pictures,
    scanGate: scans.buffer,
  });
  const events = createEventHub(fault);
  const serial = createSerialScanning({ ...(background ? options.serial : undefined), events, log });
  const connectivity = createConnectivity({
    clock,
    // A probe's answer measures the clocks too, so the offset stays current between syncs.
    fetch: observeServiceDates(options.fetch ?? globalThis.fetch, serviceTime),
    probeIntervalMs: options.probe?.intervalMs,
    offlineProbeIntervalMs: options.probe?.offlineIntervalMs,
    probeTimeoutMs: options.probe?.timeoutMs,
    onChange(online, previous) {
      log?.connectivity(online);
      emitStatus();
      if (online && previous === false) void schedule.background();
    },
  });
  const pictures = createPictureRuns({
    images: core.images,
    clock,
    enabled: () => background && state.settings.images.enabled,
    onChange: emitStatus,
    onFault: fault,
    log,
  });
  const syncs = createSyncRuns({
    session,
    log,
    runner:
      options.sync === "in-process"
        ? inProcessSyncRunner(core, limits)
        : workerSyncRunner({
            module: options.sync.worker,
            create: options.sync.create,
            dataDir,
            session,
            serviceTime,
            clock,
            client: clientOptions,
            stallMs: () => state.settings.syncStallMinutes * minuteMs,
            limitMs: () => limits.limitMs("sync"),
            onWaiting: limits.note,
            onFault: (detail) => fault("sync worker", detail),
            scanGate: scans.buffer,
          }),
    pageSize: () => state.settings.pageSize,
    onStart() {
      schedule.unplan();
      pictures.stop();
      emitStatus();
    },
    onProgress: (progress) => events.emit("syncProgress", progress),
    async onEnd(outcome) {
      limits.note(null);
      if (outcome.ok) {
        // The sync downloaded into a fresh file: the read connection still holds the damaged one.
        if (outcome.summary.damagedCatalogSetAside !== null) await core.close();
        state.lastError = null;
        connectivity.report(null);
        pictures.follow();
      } else {
        if (!isAppError(outcome.error, "cancelled")) state.lastError = ipcErrorOf(outcome.error);
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
        intervalMinutes: () => state.settings.syncIntervalMinutes,
        idle: () => !state.closed && syncs.current() === null,
        ready: async () => (await session.state()).state === "signed-in",
        sync: () => syncs.start("incremental"),
        onFault: fault,
      })
    : noSchedule;

  function emitStatus(): void {
    if (state.closed || !events.heard("statusChanged")) return;
    status().then(
      (value) => events.emit("statusChanged", value),
      // A status still being read when the catalog closes has no one left to tell.
      (error: unknown) => {
        if (!state.closed) fault("status", error);
      },
    );
  }

  async function refreshKnown(): Promise<void> {
    state.sessionBaseUrl = (await session.state()).record?.baseUrl ?? null;
    state.known = await core.status();
    log?.catalogProblem(state.known.catalogProblem);
  }

  async function status(): Promise<AppStatus> {
    const base = await core.status();
    state.known = base;
    const running = syncs.current();
    const nextAt = schedule.nextAt();
    return {
      ...base,
      // A picture run about to begin counts as running: the status never says "done" before it starts.
      images: { ...base.images, running: base.images.running || pictures.active() },
      freshness: freshnessOf(base.lastSyncAt, serviceTime.now(), state.settings.staleAfterHours),
      sync: {
        running: running !== null,
        mode: running?.mode ?? null,
        progress: running?.progress ?? null,
        nextAt: nextAt === null ? null : new Date(nextAt).toISOString(),
      },
      online: connectivity.online(),
      waiting: limits.waiting(),
      lastError: state.lastError,
      rememberUnavailable: options.rememberUnavailable ?? null,
      updateReady: options.updateReady?.() ?? null,
    };
  }

  const signIn = createSignInFlow({
    state,
    session,
    core,
    syncs,
    pictures,
    limits,
    connectivity,
    schedule,
    saveSettings: (next) => stores.settings.write(next),
    refreshKnown,
    emitStatus,
    fault,
    rememberUnavailable: options.rememberUnavailable ?? null,
    log,
  });
  const upkeep = createCatalogUpkeep({
    dataDir,
    diagnostics: options.diagnostics,
    status,
    settings: () => state.settings,
    check: () => core.check(),
    clock: () => clock.now(),
    log,
  });

  return {
    dataDir,

    async start() {
      state.settings = await stores.settings.read();
      if (!background) return;
      try {
        await refreshKnown();
      } catch (error) {
        // A damaged catalog file: the app still opens and says so; a sign-in or sync may repair it.
        state.lastError = ipcErrorOf(error);
      }
      connectivity.start(() => state.sessionBaseUrl ?? state.settings.baseUrl);
      await serial.apply(state.settings.serialScanner);
      schedule.plan();
      void schedule.background();
    },

    async close() {
      state.closed = true;
      connectivity.stop();
      schedule.unplan();
      await serial.close();
      await syncs.close();
      await pictures.close();
      await closeCatalog();
      events.clear();
    },

    ...signIn,
    ...upkeep,

    sessionInfo: () => session.info(),
    sessionState: async () => (await session.state()).state,
    authorised: (work) => session.authorised(work),
    pictureBytes: (hash) => core.images.pictureBytes(hash),
    announceStatus: emitStatus,
    pictures: { run: (run) => core.images.run(run), status: () => core.images.status() },
    status,
    catalogStatus: () => core.status(),
    check: () => core.check(),
    startSync: ({ mode, ...rest }) => syncs.start(mode, rest),
    cancelSync: async () => syncs.cancel(),

    async lookup({ code, symbology }) {
      const answer = await scans.scanning(() => core.lookup(code, symbology));
      if (answer.reason?.kind !== "unknown-code") return answer;
      const facts = state.known ?? (await core.status());
      return explainMiss(answer, {
        status: facts,
        freshness: freshnessOf(facts.lastSyncAt, serviceTime.now(), state.settings.staleAfterHours),
        syncRunning: syncs.current() !== null,
        formatTime: (iso) => formatInstant(iso, state.settings.language || undefined),
      });
    },

    search: ({ text, limit }) => core.search(text, limit ?? 20),
    product: ({ id }) => core.product(id),
    branches: () => core.branches(),
    keys: (asked) => core.keys.keys(asked ?? {}),
    groupKeys: ({ group, after }) => core.keys.groupKeys(group, after ?? null),
    productGroups: () => core.keys.groups(),
    shelfLabels: (request) => core.labels.list(request ?? {}),
    markLabelsPrinted: ({ ids }) => core.labels.markPrinted(ids),
    labelsPdf: async ({ ids, layout, language }) => {
      // The screen says which language it shows: the settings' may be "" (as the computer), which the core cannot see.
      const made = await core.labels.pdf({ ids, layout, language: language ?? state.settings.language });
      return { pdf: made.pdf.toString("base64"), labels: made.labels };
    },
    settings: async () => state.settings,
    unusableSettings: () => stores.settings.unusable(),

    async changeSettings(change) {
      const next = appSettingsSchema.parse({ ...state.settings, ...change });
      const moved = next.baseUrl !== null && next.baseUrl !== state.settings.baseUrl;
      // Signed out, the next sign-in uses the new address.
      if (moved && (await session.state()).state === "signed-in")
        await signIn.moveService(next.baseUrl as string);
      await stores.settings.write(next);
      log?.settingsChanged(state.settings, next);
      const intervalChanged = next.syncIntervalMinutes !== state.settings.syncIntervalMinutes;
      state.settings = next;
      if (intervalChanged) schedule.plan();
      if (background) await serial.apply(next.serialScanner);
      emitStatus();
      return next;
    },

    onSyncProgress: (listener) => events.on("syncProgress", listener),
    onStatusChanged: (listener) => events.on("statusChanged", listener),
    serialPorts: () => serial.ports(),
    serialStatus: async () => serial.status(),
    onSerialCode: (listener) => events.on("serialCode", listener),
    onSerialStatus: (listener) => events.on("serialStatus", listener),
  };
}
