// Is the catalog file sound, and what to do with one that is not. A damaged file is never repaired in
// place or deleted: it is renamed beside the catalog with the time it was found, so nothing is lost
// and the next sync downloads a fresh copy.
import { existsSync, readdirSync, renameSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Database } from "better-sqlite3";
import { storageError } from "../storage/storage-errors.ts";

/**
 * null when the file is sound, else SQLite's first complaint. "quick" reads every page but skips
 * the index-to-table cross checks; "full" is PRAGMA integrity_check.
 */
export function integrityProblem(db: Database, mode: "quick" | "full"): string | null {
  try {
    const rows = db.pragma(mode === "quick" ? "quick_check(1)" : "integrity_check(1)", {
      simple: false,
    }) as Record<string, string>[];
    const first = rows[0] ? Object.values(rows[0])[0] : "ok";
    return first === "ok" ? null : (first ?? "unknown problem");
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function setAsidePrefix(file: string): string {
  return `${file.replace(/\.sqlite$/u, "")}.damaged-`;
}

/** The newest file set aside for `file`, or null. */
export function lastSetAside(file: string): string | null {
  const prefix = basename(setAsidePrefix(file));
  try {
    const names = readdirSync(dirname(file)).filter(
      (name) => name.startsWith(prefix) && name.endsWith(".sqlite"),
    );
    const newest = names.sort().at(-1);
    return newest === undefined ? null : join(dirname(file), newest);
  } catch {
    return null;
  }
}

/** Moves a closed catalog file (and its journal files) aside; returns the new name of the main file. */
export function setAside(file: string, nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[:.]/gu, "-");
  const target = `${setAsidePrefix(file)}${stamp}.sqlite`;
  try {
    for (const suffix of ["", "-wal", "-shm"]) {
      if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${target}${suffix}`);
    }
  } catch (error) {
    throw storageError(file, error);
  }
  return target;
}
