// Downloaded pictures into the cache folder, a batch at a time: each written under its hash, then the
// folder synced once for the whole batch, so the names are on the disk before the cache's store
// records the batch (one transaction, picture-batch.ts). An interrupted batch leaves at most files
// the store does not know (swept at the next run).
//
// The writes are synchronous on purpose: the picture run has a worker thread of its own (or a host
// answering one command at a time), and each trip through the thread pool cost more CPU than the
// write itself (profiled in docs/benchmarks.md). The folder's sync waits for the disk, so it runs in
// the pool while the next batch downloads. No flush a picture: a power cut can still cut short a file
// the store recorded, which the next run finds by its size (image-cache.ts, sweep) and fetches again.
import { rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { storageError } from "../storage/storage-errors.ts";

/** Temporary names of earlier versions started so; the sweep still deletes what they left. */
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

/**
 * Straight under its hash: the store names a file only once its batch is written and synced, so a
 * file cut short by a crash is one the store does not know, deleted by the next run's sweep. One
 * name a picture, not a temporary one and a rename: each takes the folder's lock, and on a busy
 * disk that lock, not the bytes, was what a picture cost (docs/benchmarks.md).
 */
function writeOne(directory: string, picture: PictureFile): void {
  const file = join(directory, picture.hash);
  try {
    writeFileSync(file, picture.body);
  } catch (error) {
    rmSync(file, { force: true });
    throw storageError(file, error);
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
