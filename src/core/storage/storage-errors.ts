// What went wrong with a file in the data directory, in words a shop manager can act on. A full disk,
// a read-only folder, a data directory that is really a file and a damaged catalog each get their
// own kind, so callers can react (keep selling, set the file aside) and nobody is told it is a bug.
import { accessSync, constants, statfsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { AppError, isAppError } from "../../shared/app-error.ts";

const diskFull = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL"]);
const readOnly = new Set(["EROFS", "EACCES", "EPERM", "SQLITE_READONLY", "SQLITE_READONLY_DIRECTORY"]);
const notDirectory = new Set(["ENOTDIR", "EEXIST", "EISDIR"]);
const damaged = new Set(["SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_CORRUPT_INDEX", "SQLITE_CORRUPT_VTAB"]);

/** Whether an error means the catalog file itself may be damaged, and is worth an integrity check. */
export function smellsOfDamage(error: unknown): boolean {
  if (isAppError(error, "damaged")) return true;
  const code = errorCode(error);
  return damaged.has(code) || code.startsWith("SQLITE_IOERR") || /malformed/iu.test(messageOf(error));
}

/** `error`, met while using `path`, as an AppError; AppErrors pass through unchanged. */
export function storageError(path: string, error: unknown): AppError {
  if (isAppError(error)) return error;
  const code = errorCode(error);
  const details = { cause: error };
  if (diskFull.has(code) || (code.startsWith("SQLITE_IOERR") && nearlyFull(dirname(path)))) {
    return new AppError(
      "disk-full",
      `The disk is full, so ${path} could not be written. Free some space, then try again; the catalog as it was stays usable for lookups.`,
      details,
    );
  }
  if (readOnly.has(code) || (code === "SQLITE_CANTOPEN" && !writable(dirname(path)))) {
    return readOnlyError(path, error);
  }
  if (notDirectory.has(code) || (code === "SQLITE_CANTOPEN" && fileInTheWay(path))) {
    return new AppError(
      "not-a-directory",
      `The data directory is not a folder: ${fileInTheWay(path) ?? path} is a file. Move that file away or choose another data directory (--data-dir).`,
      details,
    );
  }
  if (damaged.has(code)) {
    return new AppError("damaged", `The catalog file ${path} is damaged.`, details);
  }
  return new AppError("storage", `${path} could not be used (${messageOf(error)}).`, details);
}

export function readOnlyError(path: string, cause?: unknown): AppError {
  return new AppError(
    "read-only",
    `${path} cannot be written: the disk is read-only or this user may not change it. Fix the folder's permissions or choose another data directory (--data-dir).`,
    { cause },
  );
}

/** Whether this process may write `path` (root included: a read-only mount still says no). */
export function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** SQLite reports some writes that ran out of space as a plain I/O error: ask the disk itself. */
function nearlyFull(dir: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize < 1024 * 1024;
  } catch {
    return false;
  }
}

/** The nearest ancestor of `path` that exists and is a file rather than a folder, if any. */
function fileInTheWay(path: string): string | null {
  for (let at = dirname(path); at !== dirname(at); at = dirname(at)) {
    try {
      return statSync(at).isDirectory() ? null : at;
    } catch {
      // Does not exist: look further up.
    }
  }
  return null;
}
