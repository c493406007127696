// The CLI's end of the till's log: each command that opens the catalog writes to the data folder's
// log file, at --log-level or else the settings' level.
import { type OpenedCatalogLog, openCatalogLog } from "../core/logging/open-catalog-log.ts";
import type { LogLevel } from "../shared/settings/app-settings.ts";
import { packageInfo } from "./package-info.ts";

/**
 * The log, or null when its folder cannot be written (a read-only disk): lookups and status must go
 * on answering there, and the command's own error says what is wrong with the folder when it matters.
 */
export async function openCliLog(dataDir: string, level: LogLevel): Promise<OpenedCatalogLog | null> {
  try {
    return await openCatalogLog(
      { dataDir, level },
      { app: `${packageInfo.name} CLI`, version: packageInfo.version },
    );
  } catch {
    return null;
  }
}
