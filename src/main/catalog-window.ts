// The app's window and the guards every web page of the app gets: isolated, sandboxed, no Node, no
// navigation away, no new windows, no webviews, no permissions.
import type { BrowserWindow, BrowserWindowConstructorOptions, Session, WebContents } from "electron";
import { kioskArgument } from "../shared/ipc/till-shell.ts";
import { kioskWindowOptions } from "./kiosk.ts";

export interface WindowOptions {
  preloadPath: string;
  appVersion: string;
  /** Linux takes the icon from the window; Windows and macOS from the packaged app. */
  icon?: string;
  /** A dedicated till: full screen, on top, no window controls (see kiosk.ts). */
  kiosk?: boolean;
}

export function catalogWindowOptions(options: WindowOptions): BrowserWindowConstructorOptions {
  return {
    width: 1100,
    height: 760,
    show: false,
    ...(options.icon === undefined ? {} : { icon: options.icon }),
    ...(options.kiosk ? kioskWindowOptions : {}),
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      // The sandboxed preload cannot ask the app; it reads what it needs from its arguments.
      additionalArguments: [`--app-version=${options.appVersion}`, ...(options.kiosk ? [kioskArgument] : [])],
    },
  };
}

/** The renderer is a local app: it never navigates away, opens windows or embeds webviews. */
export function guardContents(contents: Pick<WebContents, "on" | "setWindowOpenHandler">): void {
  contents.on("will-navigate", (event) => event.preventDefault());
  contents.on("will-redirect", (event) => event.preventDefault());
  contents.on("will-attach-webview", (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: "deny" }));
}

/** No camera, microphone, notifications, geolocation, HID or anything else, asked or checked. */
export function guardSession(
  session: Pick<
    Session,
    "setPermissionRequestHandler" | "setPermissionCheckHandler" | "setDevicePermissionHandler"
  >,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** Opens the app's page: the dev server's in development, the built file otherwise. */
export function loadCatalogPage(window: Pick<BrowserWindow, "loadURL" | "loadFile">, page: AppPage): void {
  if (page.kind === "url") void window.loadURL(page.url);
  else void window.loadFile(page.file);
}

export type AppPage = { kind: "url"; url: string } | { kind: "file"; file: string };
