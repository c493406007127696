// What the catalog writes its log lines to, at once and without waiting: the log file (log-file.ts)
// is loaded and opened when the first line at the log's level arrives, and the lines written
// meanwhile follow in order, each stamped with the time it was written. A CLI command that has nothing
// to log (a lookup) so never loads the logger at all, and the app never waits for it to start.
import type { LogLevel } from "../../shared/settings/app-settings.ts";
import type { LogFile, LogFileOptions } from "./log-file.ts";

export interface LogWriter {
  write(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
  setLevel(level: LogLevel): void;
  /** Writes what is still waiting and closes the file. */
  close(): Promise<void>;
}

const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** `onFailure`: told once when the file cannot be opened (a read-only disk); the lines are let go. */
export function createLogWriter(
  options: LogFileOptions & { clock?: () => number; onFailure?: (error: unknown) => void },
): LogWriter {
  const clock = options.clock ?? Date.now;
  let level = options.level;
  let file: Promise<LogFile | null> | null = null;
  let closed = false;
  const open = () =>
    import("./log-file.ts")
      .then(({ openLogFile }) => openLogFile(options))
      .catch((error: unknown) => {
        options.onFailure?.(error);
        return null;
      });
  return {
    write(lineLevel, message, fields = {}) {
      if (closed || rank[lineLevel] < rank[level]) return;
      const at = clock();
      file ??= open();
      void file.then((opened) => opened?.write(lineLevel, message, fields, at));
    },
    setLevel(next) {
      level = next;
    },
    async close() {
      closed = true;
      await (await file)?.close();
    },
  };
}
