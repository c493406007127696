// The module's one call in a host app's main process: the catalog service over the user-data
// directory, its handlers on ipcMain (only the contract's channels, only from the app's own page),
// its events to the windows it is attached to, and a clean close when the app quits.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { App, IpcMain, IpcMainInvokeEvent, WebContents } from "electron";
import {
  type CatalogApp,
  type CatalogLog,
  createCatalogHandlers,
  forwardCatalogEvents,
  openCatalog,
  serialportAccess,
  trustedSender,
} from "../core/app/index.ts";
import { chooseSecretStorage, type OsEncryption } from "../core/storage/encrypted-secret-store.ts";
import { createJsonFileStore } from "../core/storage/json-file-store.ts";
import { settingsStoreOver } from "../core/storage/settings-store.ts";
import { sessionInfoSchema } from "../shared/catalog/session-info.ts";
import { catalogMethods, methodChannel } from "../shared/ipc/catalog-channels.ts";
import { type ElectronStoreLike, recordStoreOverElectronStore } from "./electron-settings-store.ts";
import { openAppLog } from "./open-app-log.ts";
import { type ForkUtilityProcess, utilityProcessWorker } from "./utility-process-worker.ts";

export interface MountCatalogOptions {
  ipcMain: Pick<IpcMain, "handle" | "removeHandler">;
  app: Pick<App, "getPath" | "on" | "quit" | "getVersion">;
  /** Electron's safeStorage. */
  safeStorage: OsEncryption;
  /** An electron-store instance for the settings (e.g. `new Store({ name: "catalog-settings" })`). */
  settingsStore: ElectronStoreLike;
  /** The address of the page that may call: its origin (http) or its index.html (file:). */
  appUrl: string;
  /** Default: the app's user-data directory. */
  dataDir?: string;
  /** Default: the worker built beside this module. */
  syncWorkerUrl?: URL;
  /**
   * Electron's utilityProcess: each sync and each picture run then runs in a process of its own, below
   * the priority of the process answering scans. Without it, in a worker thread of this process.
   */
  utilityProcess?: { fork: ForkUtilityProcess };
  /** Default: the picture worker built beside this module. */
  imageWorkerUrl?: URL;
  /** Where faults that are bugs get logged; they never reach the page. Default console.error. */
  onFault?: (what: string, error: unknown) => void;
  /** The log file in the data directory (logs/); false writes none. Default: written. */
  log?: boolean;
  /** Where Settings' "Save a diagnostics file" saves. Default: the user's Downloads folder. */
  diagnosticsFolder?: string;
  /** The version of a downloaded app update waiting to install, for the status bar. */
  updateReady?: () => string | null;
  /** A serial scanner's port for this run (`--serial PATH[:BAUD]`), over the one in Settings. */
  serialPort?: { port: string; baud: number };
}

export interface MountedCatalog {
  service: CatalogApp;
  /** The log the catalog writes to, for the shell's own events; null when there is none. */
  log: CatalogLog | null;
  /** Sends the catalog's events to this window's page; returns the function that stops it. */
  attach(contents: Pick<WebContents, "send" | "isDestroyed" | "getURL">): () => void;
  /** Removes the handlers and closes the catalog (also done on quit). */
  close(): Promise<void>;
}

export async function mountCatalog(options: MountCatalogOptions): Promise<MountedCatalog> {
  const dataDir = options.dataDir ?? options.app.getPath("userData");
  const settings = settingsStoreOver(recordStoreOverElectronStore(options.settingsStore));
  const appLog = options.log === false ? null : await openAppLog(dataDir, settings, options.app.getVersion());
  const log = appLog?.log ?? null;
  const onFault = options.onFault ?? ((what, error) => console.error(`catalog: ${what} failed`, error));
  const platform = process.platform;
  const { secrets, rememberUnavailable } = chooseSecretStorage(
    join(dataDir, "secrets", "secrets.enc.json"),
    options.safeStorage,
    platform,
  );
  const service = openCatalog({
    dataDir,
    stores: {
      records: createJsonFileStore(join(dataDir, "session.json"), sessionInfoSchema),
      secrets,
      settings,
    },
    rememberUnavailable,
    sync: {
      worker: options.syncWorkerUrl ?? (await builtWorkerUrl()),
      ...inUtilityProcess(options.utilityProcess, "Catalog sync"),
    },
    pictures: {
      worker: options.imageWorkerUrl ?? (await builtImageWorkerUrl()),
      ...inUtilityProcess(options.utilityProcess, "Product pictures"),
    },
    onFault,
    ...(log === null ? {} : { log }),
    diagnostics: {
      folder: options.diagnosticsFolder ?? options.app.getPath("downloads"),
      versions: { app: options.app.getVersion() },
    },
    ...(options.updateReady ? { updateReady: options.updateReady } : {}),
    serial: { access: serialportAccess, ...(options.serialPort ? { port: options.serialPort } : {}) },
  });
  const isTrustedSender = trustedSender(options.appUrl);
  const handlers = createCatalogHandlers(service, { isTrustedSender, onFault });
  for (const method of catalogMethods) {
    options.ipcMain.handle(methodChannel(method), (event: IpcMainInvokeEvent, argument: unknown) =>
      handlers[method](argument, event.senderFrame?.url),
    );
  }

  const windows = new Set<Pick<WebContents, "send" | "isDestroyed" | "getURL">>();
  const stopEvents = forwardCatalogEvents(
    service,
    (channel, data) => {
      for (const contents of windows) {
        // Only a live window still showing the app's own page hears the catalog.
        if (!contents.isDestroyed() && isTrustedSender(contents.getURL())) contents.send(channel, data);
      }
    },
    (event, error) => onFault(`the ${event} event`, error),
  );

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      for (const method of catalogMethods) options.ipcMain.removeHandler(methodChannel(method));
      stopEvents();
      windows.clear();
      await service.close();
      await appLog?.close();
    })();
    return closing;
  };
  // Quit waits for the catalog: a running sync is cancelled and the database closed first.
  options.app.on("will-quit", (event) => {
    if (closing !== null) return;
    event.preventDefault();
    void close()
      .catch((error: unknown) => onFault("closing the catalog", error))
      .finally(() => options.app.quit());
  });

  await service.start();
  return {
    service,
    log,
    attach(contents) {
      windows.add(contents);
      return () => {
        windows.delete(contents);
      };
    },
    close,
  };
}

/** The picture worker electron-vite emits beside the main process bundle. */
async function builtImageWorkerUrl(): Promise<URL> {
  const { imageWorkerPath } = await import("./image-worker-path.ts");
  return pathToFileURL(imageWorkerPath);
}

/** The worker electron-vite emits beside the main process bundle. */
async function builtWorkerUrl(): Promise<URL> {
  const { syncWorkerPath } = await import("./sync-worker-path.ts");
  return pathToFileURL(syncWorkerPath);
}

function inUtilityProcess(utility: { fork: ForkUtilityProcess } | undefined, serviceName: string) {
  return utility === undefined ? {} : { create: utilityProcessWorker(utility.fork, serviceName) };
}
