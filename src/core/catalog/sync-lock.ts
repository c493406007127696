// One writer per catalog across processes: a sync holds an exclusive SQLite lock on a small lock file
// beside the catalog for as long as it runs. The operating system drops the lock when the process
// ends, however it ends (a SIGKILL included), so a crashed sync never leaves the catalog locked.
import { dirname } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { AppError } from "../../shared/app-error.ts";
import { makeDirectory } from "../storage/make-directory.ts";
import { storageError } from "../storage/storage-errors.ts";

export interface SyncLock {
  release(): void;
}

/** Takes the lock at once or fails with a "conflict" AppError saying a sync is already running. */
export function acquireSyncLock(catalogFile: string): SyncLock {
  const lockFile = `${catalogFile}.sync-lock`;
  let db: BetterSqlite3.Database;
  try {
    makeDirectory(dirname(lockFile));
    db = new BetterSqlite3(lockFile, { timeout: 0 });
  } catch (error) {
    throw storageError(lockFile, error);
  }
  try {
    db.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    db.close();
    if ((error as { code?: unknown }).code === "SQLITE_BUSY") {
      throw new AppError(
        "conflict",
        "Another sync of this catalog is already running (another window or a scheduled sync). Wait for it to finish; lookups keep working meanwhile.",
      );
    }
    throw storageError(lockFile, error);
  }
  return {
    release() {
      if (db.inTransaction) db.exec("ROLLBACK");
      db.close();
    },
  };
}
