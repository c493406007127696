// An error from the catalog in the screen's language: the kinds a cashier meets most are said in
// the chosen language; the rest keep the catalog's own message, which is already plain English.
import type { IpcError } from "../../../shared/ipc/ipc-result.ts";
import type { Translate } from "../i18n/i18n.tsx";

export function errorText(error: IpcError, t: Translate): string {
  switch (error.kind) {
    case "offline":
      return t("signIn.offline");
    case "timeout":
      return t("signIn.timeout");
    case "server":
      return t("signIn.server");
    case "rate-limited":
      return t("signIn.rateLimited");
    default:
      return t("error.generic", { message: error.message });
  }
}
