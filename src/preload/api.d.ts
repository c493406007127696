// The renderer's whole view of the main process: `window.catalog`, typed by the IPC contract.
import type { CatalogApi } from "../shared/ipc/catalog-api.ts";

export type { CatalogApi };

declare global {
  interface Window {
    readonly catalog: CatalogApi;
  }
}
