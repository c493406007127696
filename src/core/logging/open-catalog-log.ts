// The catalog's log over its log file, opened with the line that says which program and version
// writes it: what the CLI and the desktop app each open once.
import { type CatalogLog, createCatalogLog } from "./catalog-log.ts";
import { type LogFileOptions, openLogFile } from "./log-file.ts";

export interface OpenedCatalogLog {
  log: CatalogLog;
  close(): Promise<void>;
}

export async function openCatalogLog(
  file: LogFileOptions,
  program: { app: string; version: string },
): Promise<OpenedCatalogLog> {
  const writer = await openLogFile(file);
  const log = createCatalogLog(writer, file.clock);
  const runtime = process.versions.electron
    ? `Electron ${process.versions.electron}`
    : `Node ${process.versions.node}`;
  log.started({ ...program, runtime });
  return { log, close: () => writer.close() };
}
