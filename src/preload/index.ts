// Exposes only named, typed methods to the renderer; never ipcRenderer itself.
import { contextBridge } from "electron";
import type { CatalogApi } from "./api.d.ts";

const versionArgument = process.argv.find((argument) => argument.startsWith("--app-version="));

const api = {
  appVersion: versionArgument?.slice("--app-version=".length) ?? "unknown",
} satisfies CatalogApi;

contextBridge.exposeInMainWorld("catalog", api);
