// The app's preload: the catalog API, and nothing else, in the page.
import { contextBridge, ipcRenderer } from "electron";
import { exposeCatalog } from "./catalog-bridge.ts";

// The sandboxed preload cannot ask the app; main passes the version as an argument.
const versionArgument = process.argv.find((argument) => argument.startsWith("--app-version="));

exposeCatalog(contextBridge, ipcRenderer, versionArgument?.slice("--app-version=".length) ?? "unknown");
