// The till's log file: one JSON line per event (time, level, what happened), in `logs/` of the data
// folder, rotated by size so a till that runs for years keeps a few megabytes of recent history. pino
// writes the lines; pino-roll's stream, used in this thread rather than as a pino transport (a
// worker thread that a bundled Electron main process could not find), rotates them. Loaded only
// once a line is written (log-writer.ts): pino-roll alone takes some 70 ms to load.
/// <reference path="./pino-roll.d.ts" />
import { join } from "node:path";
import pino from "pino";
import rollingFile from "pino-roll";
import type { LogLevel } from "../../shared/settings/app-settings.ts";
import { makeDirectory } from "../storage/make-directory.ts";
import { logFolderIn } from "./log-folder.ts";

export interface LogFileOptions {
  dataDir: string;
  /** The log's level; the writer (log-writer.ts) applies it to each line as it is written. */
  level: LogLevel;
  /** Each file is rotated past this size: 10 MB, or smaller in tests. */
  maxBytes?: number;
  /** Files kept, the one being written included. */
  keep?: number;
  /** Fields every line carries (the CLI's name and version). */
  base?: Record<string, unknown>;
}

/** The file as pino writes it; `at` is the instant the line is stamped with. */
export interface LogFile {
  write(level: LogLevel, message: string, fields: Record<string, unknown>, at: number): void;
  close(): Promise<void>;
}

export const defaultLogLimits = { maxBytes: 10 * 1024 * 1024, keep: 5 } as const;

// Names that hold a secret wherever they appear; the catalog never logs them, and this catches a
// field added carelessly later.
const secretPaths = [
  "password",
  "apiKey",
  "token",
  "secret",
  "*.password",
  "*.apiKey",
  "*.token",
  "*.secret",
];

/** Opens (and makes) the log folder's file; throws when the folder cannot be made or written. */
export async function openLogFile(options: LogFileOptions): Promise<LogFile> {
  const folder = logFolderIn(options.dataDir);
  // Not pino-roll's own mkdir: Node's recursive mkdir spins for ever under /proc (make-directory.ts).
  makeDirectory(folder);
  const stream = await rollingFile({
    file: join(folder, "catalog"),
    extension: ".log",
    size: `${Math.max(1, Math.floor((options.maxBytes ?? defaultLogLimits.maxBytes) / 1024))}k`,
    // Files of earlier runs count too (each CLI command is a run of its own). Counted this way,
    // pino-roll's count is every file kept, the one being written included (read in its source).
    limit: { count: options.keep ?? defaultLogLimits.keep, removeOtherLogFiles: true },
    // Written at once: a CLI command ends right after its last line, and a crash must not lose one.
    sync: true,
  });
  let at = 0;
  const logger = pino(
    {
      // Every line it is handed: the writer already kept only those at the level when written.
      level: "debug",
      base: { pid: process.pid, ...options.base },
      timestamp: () => `,"time":"${new Date(at).toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: secretPaths, censor: "[removed]" },
    },
    stream,
  );
  // The log serves the till, never the reverse: a disk that fails it (full, gone) ends the log, not
  // the app, and a line after closing (a late event while the app quits) is let go.
  let failed = false;
  let closed = false;
  stream.on("error", () => {
    failed = true;
  });
  return {
    write(level, message, fields, instant) {
      if (failed || closed) return;
      at = instant;
      logger[level](fields, message);
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      if (failed) {
        stream.destroy();
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        stream.flush(() => {
          stream.once("close", () => resolve());
          stream.end();
        });
      });
    },
  };
}
