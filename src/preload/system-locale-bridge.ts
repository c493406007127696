// `window.tillLocale` for the standalone app's page: the system's language as the app sees it
// (`app.getLocale()`), which the sandboxed preload reads from its arguments. The screens speak it
// unless the settings name another; a page without it (a browser) follows `navigator.languages`.
import { localeArgument } from "../shared/ipc/till-shell.ts";
import type { ContextBridge } from "./catalog-bridge.ts";

export function exposeSystemLocale(bridge: ContextBridge, argv: readonly string[]): void {
  const locale = argv.find((argument) => argument.startsWith(localeArgument))?.slice(localeArgument.length);
  if (locale) bridge.exposeInMainWorld("tillLocale", locale);
}
