// Where the till's log files live, on its own: the diagnostics file reads the folder, and naming it
// must not load the log's writer (pino, pino-roll), which log-writer.ts loads only at the first line.
import { join } from "node:path";

/** The folder of the log files, for the log itself, the diagnostics file and the docs. */
export function logFolderIn(dataDir: string): string {
  return join(dataDir, "logs");
}
