// The standalone desktop app: one instance, one window, the catalog mounted exactly as a host app
// would mount it.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { app, BrowserWindow, ipcMain, Menu, protocol, safeStorage, session, utilityProcess } from "electron";
import Store from "electron-store";
import icon from "../../resources/icon.png?asset";
import { type ServiceClock, systemClock, trustedSender } from "../core/app/index.ts";
import { tillQuitChannel } from "../shared/ipc/till-shell.ts";
import { serialTargetIn } from "../shared/serial/serial-settings.ts";
import { type AppUpdates, startAppUpdates, type UpdaterLike } from "./app-updates.ts";
import {
  type AppPage,
  catalogWindowOptions,
  guardContents,
  guardSession,
  loadCatalogPage,
} from "./catalog-window.ts";
import { holdKioskWindow, kioskRequested } from "./kiosk.ts";
import { logMainProcessFaults } from "./main-process-faults.ts";
import { type MountedCatalog, mountCatalog } from "./mount-catalog.ts";
import { registerPictureScheme, servePictures } from "./picture-protocol.ts";

export interface DesktopAppOptions {
  argv?: readonly string[];
  /** The updates' schedule runs on it. */
  clock?: ServiceClock;
  /** Default: electron-updater's autoUpdater, loaded only when Settings name an update feed. */
  updater?: () => Promise<UpdaterLike>;
}

export function startDesktopApp(options: DesktopAppOptions = {}): void {
  // A second launch hands over to the first: two apps must not sync one catalog file.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  registerPictureScheme(protocol);
  let window: BrowserWindow | null = null;
  let catalog: MountedCatalog | null = null;
  let updates: AppUpdates | null = null;
  const page = appPage();
  const appUrl = page.kind === "url" ? page.url : pathToFileURL(page.file).href;
  const argv = options.argv ?? process.argv;
  const kiosk = kioskRequested(argv);
  const serial = serialTargetIn(argv);
  // A mistyped flag must not keep the till from starting: it says why and runs with Settings' port.
  if (serial !== null && "problem" in serial) console.error(serial.problem);

  app.on("second-instance", () => {
    if (window === null || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  // Every web page the app ever creates gets the same guards, not only the main window.
  app.on("web-contents-created", (_event, contents) => guardContents(contents));
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });

  const openWindow = () => {
    window = new BrowserWindow(
      catalogWindowOptions({
        preloadPath: join(import.meta.dirname, "../preload/index.cjs"),
        appVersion: app.getVersion(),
        locale: app.getLocale(),
        ...(process.platform === "linux" ? { icon } : {}),
        kiosk,
      }),
    );
    const shown = window;
    if (kiosk) holdKioskWindow(shown, app);
    shown.once("ready-to-show", () => shown.show());
    const detach = catalog?.attach(shown.webContents);
    shown.on("closed", () => detach?.());
    loadCatalogPage(shown, page);
  };

  app
    .whenReady()
    .then(async () => {
      guardSession(session.defaultSession, appUrl);
      // A kiosk has no menu, so none of its shortcuts (reload, developer tools, quit) either.
      if (kiosk) {
        Menu.setApplicationMenu(null);
        listenForKioskQuit(appUrl, () => app.quit());
      }
      const settingsStore = new Store({ name: "catalog-settings" });
      // electron-store opens a channel of its own for renderer-side stores; this app has none, and the
      // page may reach only the contract's channels.
      ipcMain.removeAllListeners("electron-store-get-data");
      catalog = await mountCatalog({
        ipcMain,
        app,
        safeStorage,
        settingsStore,
        appUrl,
        utilityProcess,
        updateReady: () => updates?.ready() ?? null,
        ...(serial !== null && "port" in serial ? { serialPort: serial } : {}),
      });
      const { service, log } = catalog;
      const stopFaultLog = log === null ? () => undefined : logMainProcessFaults(process, log);
      app.on("will-quit", stopFaultLog);
      servePictures(protocol, (hash) => service.pictureBytes(hash));
      openWindow();
      updates = await startAppUpdates({
        settings: async () => (await service.settings()).updates,
        updater: options.updater ?? (async () => (await import("electron-updater")).default.autoUpdater),
        kiosk,
        clock: options.clock ?? systemClock,
        syncWriting: async () => (await service.status()).sync.running,
        report: (level, message, fields) => log?.shell(level, message, fields),
        onReady: () => service.announceStatus(),
      });
      app.on("will-quit", () => updates?.stop());
      app.on("activate", () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow();
      });
    })
    .catch((error: unknown) => {
      console.error("The catalog app could not start:", error);
      app.quit();
    });
}

/** Settings' Quit, asked from the app's own page only: the one way out of a kiosk. */
function listenForKioskQuit(appUrl: string, quit: () => void): void {
  const isTrustedSender = trustedSender(appUrl);
  ipcMain.handle(tillQuitChannel, (event) => {
    if (!isTrustedSender(event.senderFrame?.url)) return false;
    quit();
    return true;
  });
  app.on("will-quit", () => ipcMain.removeHandler(tillQuitChannel));
}

function appPage(): AppPage {
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) return { kind: "url", url: devUrl };
  return { kind: "file", file: join(import.meta.dirname, "../renderer/index.html") };
}
