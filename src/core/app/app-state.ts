// What the catalog service's parts share while the app runs: the settings in force, the last error
// the status shows, what the catalog held at its last change, and the service address to probe.

import { isAppError } from "../../shared/app-error.ts";
import type { CatalogStatus } from "../../shared/catalog/catalog-status.ts";
import type { IpcError } from "../../shared/ipc/ipc-result.ts";
import { type AppSettings, defaultSettings } from "../../shared/settings/app-settings.ts";

export interface AppState {
  settings: AppSettings;
  lastError: IpcError | null;
  /** The catalog's status as of the last change, for explaining misses without counting rows. */
  known: CatalogStatus | null;
  sessionBaseUrl: string | null;
  closed: boolean;
}

export function initialAppState(): AppState {
  return { settings: defaultSettings, lastError: null, known: null, sessionBaseUrl: null, closed: false };
}

/** What the status says of a failure: its own words, or a plain line for a bug. */
export function ipcErrorOf(error: unknown): IpcError {
  if (isAppError(error)) return { kind: error.kind, message: error.message };
  return { kind: "internal", message: "Something went wrong inside the catalog app." };
}
