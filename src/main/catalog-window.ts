// The app's window and the guards every web page of the app gets: isolated, sandboxed, no Node, no
// navigation away, no new windows, no webviews, no permission but the camera for the app's own page.
import type { BrowserWindow, BrowserWindowConstructorOptions, Session, WebContents } from "electron";
import { kioskArgument, localeArgument } from "../shared/ipc/till-shell.ts";
import { cameraOnlyFor } from "./camera-permission.ts";
import { kioskWindowOptions } from "./kiosk.ts";

export interface WindowOptions {
  preloadPath: string;
  appVersion: string;
  /** The system's language (`app.getLocale()`), which the screens follow unless told otherwise. */
  locale: string;
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
      additionalArguments: [
        `--app-version=${options.appVersion}`,
        `${localeArgument}${options.locale}`,
        ...(options.kiosk ? [kioskArgument] : []),
      ],
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

/**
 * The camera (video only) for the app's own page, to scan with; no microphone, notifications,
 * geolocation, HID or anything else, asked or checked, and nothing for any other page.
 */
export function guardSession(
  session: Pick<
    Session,
    "setPermissionRequestHandler" | "setPermissionCheckHandler" | "setDevicePermissionHandler"
  >,
  appUrl: string,
): void {
  const allowed = cameraOnlyFor(appUrl);
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = "mediaTypes" in details ? details.mediaTypes : undefined;
    callback(allowed({ permission, url: details.requestingUrl, mediaTypes }));
  });
  session.setPermissionCheckHandler((_contents, permission, origin, details) =>
    allowed({
      permission,
      url: details.requestingUrl ?? origin,
      mediaTypes: details.mediaType === undefined ? undefined : [details.mediaType],
    }),
  );
  session.setDevicePermissionHandler(() => false);
}

/** Opens the app's page: the dev server's in development, the built file otherwise. */
export function loadCatalogPage(window: Pick<BrowserWindow, "loadURL" | "loadFile">, page: AppPage): void {
  if (page.kind === "url") void window.loadURL(page.url);
  else void window.loadFile(page.file);
}

export type AppPage = { kind: "url"; url: string } | { kind: "file"; file: string };
