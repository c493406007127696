// The catalog's log over its log file: what the CLI, the desktop app and the browser bridge each
// open once. A program that starts (the app) says so with its version in a line of its own.
import type { LogLevel } from "../../shared/settings/app-settings.ts";
import { type CatalogLog, createCatalogLog } from "./catalog-log.ts";
import type { LogFileOptions } from "./log-file.ts";
import { createLogWriter } from "./log-writer.ts";

export interface OpenedCatalogLog {
  log: CatalogLog;
  /** How much is written from now on (the settings' level, once they are read). */
  setLevel(level: LogLevel): void;
  close(): Promise<void>;
}

export function openCatalogLog(
  file: LogFileOptions & { clock?: () => number; onFailure?: (error: unknown) => void },
  started?: { app: string; version: string },
): OpenedCatalogLog {
  const writer = createLogWriter(file);
  const log = createCatalogLog(writer, file.clock);
  if (started !== undefined) {
    const runtime = process.versions.electron
      ? `Electron ${process.versions.electron}`
      : `Node ${process.versions.node}`;
    log.started({ ...started, runtime });
  }
  return { log, setLevel: (level) => writer.setLevel(level), close: () => writer.close() };
}
