// Removing an account's catalog from this till, when the person asks for it on signing out.
import { rm } from "node:fs/promises";

/** The database, the files SQLite keeps beside it (write-ahead log and index), the sync lock and check stamp. */
export async function removeCatalogFile(file: string): Promise<void> {
  for (const suffix of ["", "-wal", "-shm", ".sync-lock", ".checked"])
    await rm(`${file}${suffix}`, { force: true });
}
