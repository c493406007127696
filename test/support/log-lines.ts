// The till's log as a test reads it: every line of every file in the data folder's logs/.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The log files' text, all of it, for searching for what must not be there; "" before there is any. */
export function rawLog(dataDir: string): string {
  const folder = join(dataDir, "logs");
  if (!existsSync(folder)) return "";
  return readdirSync(folder)
    .map((name) => readFileSync(join(folder, name), "utf8"))
    .join("");
}

/** Each line parsed; files in no particular order, so tests find lines rather than count on order. */
export function logLines(dataDir: string): Record<string, unknown>[] {
  return rawLog(dataDir)
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}
