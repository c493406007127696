// Downloaded pictures into the cache folder, a batch at a time: each written to a temporary file and
// renamed to its hash, then the folder synced once for the whole batch, so the names are on the disk
// before the cache's store records the batch (one transaction, picture-batch.ts). An interrupted batch
// leaves at most files the store does not know (swept at the next run).
//
// The writes are synchronous on purpose: the picture run has a worker thread of its own (or a host
// answering one command at a time), and each trip through the thread pool cost more CPU than the
// write itself (profiled in docs/benchmarks.md). The folder's sync waits for the disk, so it runs in
// the pool while the next batch downloads. No flush a picture: a power cut can still cut short a file
// the store recorded, which the next run finds by its size (image-cache.ts, sweep) and fetches again.
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { storageError } from "../storage/storage-errors.ts";

/** Temporary names start so; the cache sweeps what an interrupted run left. */
export const partialPrefix = ".part-";

export interface PictureFile {
  hash: string;
  body: Uint8Array;
}

/** Writes the files now; the promise settles once their names are on the disk. */
export function writePictureFiles(directory: string, pictures: readonly PictureFile[]): Promise<void> {
  if (pictures.length === 0) return Promise.resolve();
  for (const picture of pictures) writeOne(directory, picture);
  return syncFolder(directory);
}

function writeOne(directory: string, picture: PictureFile): void {
  const temporary = join(directory, `${partialPrefix}${randomBytes(8).toString("hex")}`);
  try {
    writeFileSync(temporary, picture.body, { flag: "wx" });
    renameSync(temporary, join(directory, picture.hash));
  } catch (error) {
    rmSync(temporary, { force: true });
    throw storageError(temporary, error);
  }
}

/** Makes the batch's new names durable: a directory's entries reach the disk with its own sync. */
async function syncFolder(directory: string): Promise<void> {
  // Windows opens no directory as a file; NTFS journals its names itself.
  if (process.platform === "win32") return;
  try {
    const handle = await open(directory, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw storageError(directory, error);
  }
}
