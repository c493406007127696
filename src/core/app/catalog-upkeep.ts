// What the till's upkeep asks of the catalog: a diagnostics file to send to whoever looks after it,
// and the page's own faults written to the log (a few a minute, the rest counted).
import type { AppSettings } from "../../shared/settings/app-settings.ts";
import type { CatalogCheck } from "../catalog/catalog-file-guard.ts";
import { saveDiagnosticsFile } from "../diagnostics/diagnostics-file.ts";
import type { CatalogLog } from "../logging/catalog-log.ts";
import { createScreenProblems } from "../logging/screen-problems.ts";
import type { CatalogApp, OpenCatalogOptions } from "./catalog-app.ts";

export function createCatalogUpkeep(deps: {
  dataDir: string;
  diagnostics: OpenCatalogOptions["diagnostics"];
  status: () => Promise<unknown>;
  settings: () => AppSettings;
  check: () => Promise<CatalogCheck>;
  clock: () => number;
  log?: CatalogLog;
}): Pick<CatalogApp, "saveDiagnostics" | "reportProblem"> {
  const screenProblems = createScreenProblems(deps.log, deps.clock);
  return {
    saveDiagnostics: () =>
      saveDiagnosticsFile({
        dataDir: deps.dataDir,
        ...deps.diagnostics,
        status: deps.status,
        settings: async () => deps.settings(),
        check: deps.check,
        clock: deps.clock,
      }),
    async reportProblem(problem) {
      screenProblems.report(problem);
      return null;
    },
  };
}
