// An error from the catalog in the screen's language: the kinds a cashier or a shop manager meets
// are said in the chosen language; the rest (faults, a catalog from a newer app) keep the catalog's
// own message, which is already plain English.
import type { IpcError } from "../../../shared/ipc/ipc-result.ts";
import type { MessageKey, Translate } from "../i18n/i18n.tsx";

const plainWords: Partial<Record<IpcError["kind"], MessageKey>> = {
  offline: "error.offline",
  timeout: "error.timeout",
  server: "error.server",
  "invalid-response": "error.server",
  "rate-limited": "error.rateLimited",
  conflict: "error.conflict",
  "disk-full": "error.diskFull",
  "read-only": "error.readOnly",
  "not-a-directory": "error.notADirectory",
  damaged: "error.damaged",
};

/** Whether the screens have their own words for this kind of error. */
export function isPlainError(error: IpcError): boolean {
  return error.kind in plainWords;
}

export function errorText(error: IpcError, t: Translate): string {
  const key = plainWords[error.kind];
  return key ? t(key) : error.message;
}
