// The renderer's whole view of the main process: `window.catalog`, typed by the IPC contract, and
// in kiosk mode `window.tillApp`.
import type { CatalogApi } from "../shared/ipc/catalog-api.ts";
import type { TillShell } from "../shared/ipc/till-shell.ts";

export type { CatalogApi, TillShell };

declare global {
  interface Window {
    readonly catalog: CatalogApi;
    /** Only in the standalone app running as a kiosk. */
    readonly tillApp?: TillShell;
    /** The system's language in the standalone app (`app.getLocale()`); absent in a browser. */
    readonly tillLocale?: string;
  }
}
