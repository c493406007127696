// A stand-in for window.catalog at the IPC boundary, for screen tests only: lookups answered from the
// fixtures by the real barcode reader, events pushed by the test. The end-to-end test uses the real one.
import type { AppStatus } from "../../../src/shared/catalog/app-status.ts";
import type { SessionInfo } from "../../../src/shared/catalog/session-info.ts";
import type { SyncProgress } from "../../../src/shared/catalog/sync-progress.ts";
import type { CatalogApi } from "../../../src/shared/ipc/catalog-api.ts";
import type { IpcResult } from "../../../src/shared/ipc/ipc-result.ts";
import { appPictureAddress } from "../../../src/shared/ipc/picture-address.ts";
import type { SerialCode, SerialStatus } from "../../../src/shared/serial/serial-events.ts";
import { type AppSettings, defaultSettings } from "../../../src/shared/settings/app-settings.ts";
import {
  answerFor,
  catalogProducts,
  productAnswerFor,
  searchHits,
  session as sessionFixture,
  status as statusFixture,
} from "./catalog-fixtures.ts";
import { breads, groupPage, keysAnswer } from "./key-fixtures.ts";

export interface FakeCatalog {
  api: CatalogApi;
  calls: { method: string; argument: unknown }[];
  pushStatus(status: AppStatus): void;
  pushProgress(progress: SyncProgress): void;
  /** A full sync under way: 500 of 2,000 products done, 3 s left. */
  pushSyncing(): void;
  /** A code from the serial scanner, as the main side sends it. */
  pushSerialCode(code: SerialCode): void;
  pushSerialStatus(status: SerialStatus): void;
}

const ok = <T>(value: T): Promise<IpcResult<T>> => Promise.resolve({ ok: true, value });

export function fakeCatalog(
  initial: {
    status?: AppStatus;
    session?: SessionInfo | null;
    settings?: Partial<AppSettings>;
    /** Holds the settings back until it settles, as a slow start-up would. */
    settingsReady?: Promise<void>;
    /** The counter keys: the fixtures' favourite set (the default), their group as tabs, or none. */
    keys?: "favourites" | "groups" | "none";
  } = {},
): FakeCatalog {
  let status = initial.status ?? statusFixture();
  let session = initial.session === undefined ? sessionFixture() : initial.session;
  let settings: AppSettings = { ...defaultSettings, baseUrl: "http://127.0.0.1:8787", ...initial.settings };
  const statusListeners = new Set<(status: AppStatus) => void>();
  const progressListeners = new Set<(progress: SyncProgress) => void>();
  const serialCodeListeners = new Set<(code: SerialCode) => void>();
  const serialStatusListeners = new Set<(status: SerialStatus) => void>();
  let serialStatus: SerialStatus = { state: "off", port: null, detail: null };
  const calls: FakeCatalog["calls"] = [];
  const record = (method: string, argument?: unknown) => calls.push({ method, argument });

  const api: CatalogApi = {
    appVersion: "test",
    imageAddress: appPictureAddress,
    signInOrganisation: (argument) => {
      record("signInOrganisation", argument);
      if (argument.password !== "right")
        return Promise.resolve({ ok: false, error: { kind: "unauthorized", message: "401" } });
      session = sessionFixture();
      // The last error is left as it was: the screens must not take an old one for the session's state.
      status = { ...status, session: "signed-in", signedIn: true };
      return ok(session);
    },
    signInApiKey: (argument) => {
      record("signInApiKey", argument);
      return Promise.resolve({ ok: false, error: { kind: "unauthorized", message: "401" } });
    },
    signOut: () => {
      record("signOut");
      session = null;
      status = { ...status, signedIn: false, session: "signed-out" };
      return ok(null);
    },
    sessionInfo: () => ok(session),
    status: () => ok(status),
    startSync: (argument) => {
      record("startSync", argument);
      return Promise.resolve({ ok: false, error: { kind: "offline", message: "no network in tests" } });
    },
    cancelSync: () => ok(false),
    lookup: (argument) => {
      record("lookup", argument);
      return ok(answerFor(argument.code));
    },
    search: (argument) => {
      record("search", argument);
      const text = argument.text.toLowerCase();
      return ok(searchHits(catalogProducts.filter((item) => item.name.toLowerCase().includes(text))));
    },
    product: (argument) => {
      const found = [...catalogProducts, ...breads].find((item) => item.id === argument.id);
      return ok(found ? productAnswerFor(found) : null);
    },
    branches: () => ok([{ branch: "berlin-mitte", products: 2, name: null, number: null }]),
    keys: (argument) => {
      record("keys", argument);
      return ok(keysAnswer(initial.keys ?? "favourites", argument?.tab, argument?.set));
    },
    groupKeys: (argument) => {
      record("groupKeys", argument);
      return ok(groupPage(argument.group, argument.after ?? null));
    },
    productGroups: () => ok([]),
    // The Labels view is tested end to end against the real catalog (test/e2e/labels-in-browser.test.ts).
    shelfLabels: (argument) => {
      record("shelfLabels", argument);
      return ok({ branch: null, at: new Date(0).toISOString(), rows: [] });
    },
    markLabelsPrinted: (argument) => {
      record("markLabelsPrinted", argument);
      return ok({ marked: argument.ids.length });
    },
    labelsPdf: (argument) => {
      record("labelsPdf", argument);
      return ok({ pdf: "", labels: 0 });
    },
    settings: async () => {
      await initial.settingsReady;
      return { ok: true, value: settings };
    },
    changeSettings: (change) => {
      record("changeSettings", change);
      settings = { ...settings, ...change } as AppSettings;
      return ok(settings);
    },
    saveDiagnostics: () => {
      record("saveDiagnostics");
      return ok({ file: "/home/till/Downloads/pos-catalog-diagnostics-2026-11-26T1430.zip" });
    },
    reportProblem: (argument) => {
      record("reportProblem", argument);
      return ok(null);
    },
    onSyncProgress: (listener) => {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    onStatusChanged: (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    serialPorts: () => ok(["/dev/ttyACM0", "/dev/ttyS0"]),
    serialStatus: () => ok(serialStatus),
    onSerialCode: (listener) => {
      serialCodeListeners.add(listener);
      return () => serialCodeListeners.delete(listener);
    },
    onSerialStatus: (listener) => {
      serialStatusListeners.add(listener);
      return () => serialStatusListeners.delete(listener);
    },
  };

  return {
    api,
    calls,
    pushStatus(next) {
      status = next;
      for (const listener of statusListeners) listener(next);
    },
    pushProgress(progress) {
      for (const listener of progressListeners) listener(progress);
    },
    pushSerialCode(code) {
      for (const listener of serialCodeListeners) listener(code);
    },
    pushSerialStatus(next) {
      serialStatus = next;
      for (const listener of serialStatusListeners) listener(next);
    },
    pushSyncing() {
      this.pushStatus(statusFixture({ sync: { running: true, mode: "full", progress: null, nextAt: null } }));
      this.pushProgress({
        mode: "full",
        stream: "live",
        done: 500,
        total: 2000,
        pages: 1,
        perSecond: 500,
        etaSeconds: 3,
      });
    },
  };
}
