// The CLI's end of the till's log: each command that opens the catalog writes to the data folder's
// log file, at --log-level or else the settings' level, and says first which tool and version ran.
import { type CatalogLog, createCatalogLog } from "../core/logging/catalog-log.ts";
import { openLogFile } from "../core/logging/log-file.ts";
import type { LogLevel } from "../shared/settings/app-settings.ts";
import { packageInfo } from "./package-info.ts";

export interface CliLog {
  log: CatalogLog;
  close(): Promise<void>;
}

/**
 * The log, or null when its folder cannot be written (a read-only disk): lookups and status must go
 * on answering there, and the command's own error says what is wrong with the folder when it matters.
 */
export async function openCliLog(dataDir: string, level: LogLevel): Promise<CliLog | null> {
  try {
    const writer = await openLogFile({ dataDir, level });
    const log = createCatalogLog(writer);
    log.started({
      app: `${packageInfo.name} CLI`,
      version: packageInfo.version,
      runtime: `Node ${process.versions.node}`,
    });
    return { log, close: () => writer.close() };
  } catch {
    return null;
  }
}
