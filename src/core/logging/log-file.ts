// The till's log file: one JSON line per event (time, level, what happened), in `logs/` of the data
// folder, rotated by size so a till that runs for years keeps a few megabytes of recent history. pino
// writes the lines; pino-roll's stream, used in this thread rather than as a pino transport (a
// worker thread that a bundled Electron main process could not find), rotates them.
/// <reference path="./pino-roll.d.ts" />
import { join } from "node:path";
import pino from "pino";
import rollingFile from "pino-roll";
import type { LogLevel } from "../../shared/settings/app-settings.ts";
import { makeDirectory } from "../storage/make-directory.ts";

export interface LogFileOptions {
  dataDir: string;
  level: LogLevel;
  /** Each file is rotated past this size: 10 MB, or smaller in tests. */
  maxBytes?: number;
  /** Files kept, the one being written included. */
  keep?: number;
  /** The time each line is stamped with (the till's own clock). */
  clock?: () => number;
}

/** What the catalog writes to: plain JSON-able fields and a message of what happened. */
export interface LogWriter {
  write(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
  setLevel(level: LogLevel): void;
  /** Writes what is still buffered and closes the file. */
  close(): Promise<void>;
}

export const defaultLogLimits = { maxBytes: 10 * 1024 * 1024, keep: 5 } as const;

/** The folder of the log files, for the diagnostics file and the docs. */
export function logFolderIn(dataDir: string): string {
  return join(dataDir, "logs");
}

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

export async function openLogFile(options: LogFileOptions): Promise<LogWriter> {
  const clock = options.clock ?? Date.now;
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
  const logger = pino(
    {
      level: options.level,
      base: { pid: process.pid },
      timestamp: () => `,"time":"${new Date(clock()).toISOString()}"`,
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
    write(level, message, fields = {}) {
      if (!failed && !closed) logger[level](fields, message);
    },
    setLevel(level) {
      logger.level = level;
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
