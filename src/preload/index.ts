// Exposes only named, typed methods to the renderer; never ipcRenderer itself.
import { contextBridge } from "electron";
import type { CatalogApi } from "./api.d.ts";

const api = {
  appVersion: process.env.npm_package_version ?? "dev",
} satisfies CatalogApi;

contextBridge.exposeInMainWorld("catalog", api);
