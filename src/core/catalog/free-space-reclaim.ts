// Giving back to the disk the pages a rewrite left free. VACUUM copies the whole database into a
// temporary file and then through the write-ahead log back into the file: it needs free space of
// about the catalog's size where each of those goes, and fails on a full disk only after minutes of
// work. With too little, it is skipped, and said why: the free pages stay inside the file, and the
// next syncs fill them before the file grows again.
import { statfsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname } from "node:path";
import type { Database } from "better-sqlite3";

/** Less than this share of the file free is not worth rewriting the whole file for. */
const worthIt = 0.1;

export interface ReclaimContext {
  file: string;
  log: (line: string) => void;
  /** Free bytes on the file system holding `path` (injected by tests). */
  freeBytes?: (path: string) => number;
}

export function reclaimFreeSpace(db: Database, context: ReclaimContext): void {
  const { file, log, freeBytes = freeBytesAt } = context;
  const pageSize = db.pragma("page_size", { simple: true }) as number;
  const free = (db.pragma("freelist_count", { simple: true }) as number) * pageSize;
  const total = (db.pragma("page_count", { simple: true }) as number) * pageSize;
  if (free <= total * worthIt) return;
  const size = fileSize(file);
  const short = [dirname(file), tmpdir()].find((place) => freeBytes(place) < size);
  if (short !== undefined) {
    log(
      `The catalog ${file} was rewritten in a smaller form, but ${megabytes(free)} of it could not be given back to the disk: that needs ${megabytes(size)} free in ${short}. The space is reused by the next syncs.`,
    );
    return;
  }
  try {
    db.exec("VACUUM");
    db.pragma("wal_checkpoint(TRUNCATE)");
  } catch (error) {
    // Another process reading the file holds it open; the free pages are reused all the same.
    log(
      `The catalog ${file} could not be compacted now (${error instanceof Error ? error.message : error}).`,
    );
  }
}

function freeBytesAt(path: string): number {
  const { bavail, bsize } = statfsSync(path);
  return bavail * bsize;
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 2 ** 20)} MB`;
}
