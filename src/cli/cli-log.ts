// The CLI's end of the till's log: each command that opens the catalog writes to the data folder's
// log file, at --log-level or else the settings' level. Every line names the CLI and its version;
// a command with nothing to log (a lookup) writes nothing and never loads the logger.
import { type OpenedCatalogLog, openCatalogLog } from "../core/app/index.ts";
import type { LogLevel } from "../shared/settings/app-settings.ts";
import { packageInfo } from "./package-info.ts";

/**
 * A folder that cannot take the log (a read-only disk) costs the log, not the command: lookups and
 * status go on answering there, and the command's own error says what is wrong when it matters.
 */
export function openCliLog(dataDir: string, level: LogLevel): OpenedCatalogLog {
  return openCatalogLog({
    dataDir,
    level,
    base: { app: `${packageInfo.name} CLI`, version: packageInfo.version },
  });
}
