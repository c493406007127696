// Giving back to the disk the space a rewrite of every record left unused: the rows shrank, but the
// pages they were in stay in the file, part empty, until VACUUM writes the file anew. It copies the
// whole database into a temporary file and then, through the write-ahead log, back into the file:
// it needs free space of about the catalog's size in each place, and on a full disk it would fail
// only after minutes of work. With too little, it is skipped and said why: the catalog works as it
// is, at its old size.
import { statfsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname } from "node:path";
import type { Database } from "better-sqlite3";

export interface ReclaimContext {
  file: string;
  log: (line: string) => void;
  /** Free bytes on the file system holding `path` (injected by tests). */
  freeBytes?: (path: string) => number;
}

export function reclaimFreeSpace(db: Database, context: ReclaimContext): void {
  const { file, log, freeBytes = freeBytesAt } = context;
  const size = fileSize(file);
  const short = [dirname(file), tmpdir()].find((place) => freeBytes(place) < size);
  if (short !== undefined) {
    log(
      `The catalog ${file} now holds its records in a smaller form, but the file itself could not be made smaller: that needs ${megabytes(size)} free in ${short}. It works as it is, at its old size.`,
    );
    return;
  }
  try {
    // The file written anew gives the pages later syncs leave free back to the disk, as a new one does.
    db.pragma("auto_vacuum = INCREMENTAL");
    db.exec("VACUUM");
    db.pragma("wal_checkpoint(TRUNCATE)");
  } catch (error) {
    // Another process holds the file open (a read in progress): it works as it is, at its old size.
    log(
      `The catalog ${file} now holds its records in a smaller form, but the file could not be made smaller now (${error instanceof Error ? error.message : error}).`,
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
