// The app's preload: the catalog API in the page, the system's language, and in kiosk mode the way
// to quit.
import { contextBridge, ipcRenderer } from "electron";
import { exposeCatalog } from "./catalog-bridge.ts";
import { exposeSystemLocale } from "./system-locale-bridge.ts";
import { exposeTillShell } from "./till-shell-bridge.ts";

// The sandboxed preload cannot ask the app; main passes the version as an argument.
const versionArgument = process.argv.find((argument) => argument.startsWith("--app-version="));

exposeCatalog(contextBridge, ipcRenderer, versionArgument?.slice("--app-version=".length) ?? "unknown");
exposeTillShell(contextBridge, ipcRenderer, process.argv);
exposeSystemLocale(contextBridge, process.argv);
