// Downloaded pictures held until a batch is full, then their files written with one sync of the
// folder (picture-files.ts) and recorded in one transaction: a picture costs the run a write, not
// also a commit and a flush of its own. The folder's sync goes on while the next batch downloads; a
// picture whose file the cache holds, or is about to, is not written again.
import type { FetchedPicture, ImageCacheStore } from "./image-cache-store.ts";
import { writePictureFiles } from "./picture-files.ts";

/** Pictures a batch holds at most: a few seconds of downloads, lost to a crash and fetched again. */
const batchPictures = 32;
/** Bytes a batch holds at most, so a run of large pictures stays small in memory. */
const batchBytes = 4_000_000;

export interface PictureBatch {
  /** Whether the cache holds a file under this hash, or will once the batches are recorded. */
  has(hash: string): boolean;
  /** Adds a downloaded picture; a full batch is written, once the one before it is recorded. */
  add(picture: FetchedPicture, body: Uint8Array): Promise<void>;
  /** Writes and records every picture added, and waits for it. */
  flush(): Promise<void>;
}

export function pictureBatch(
  folder: string,
  store: Pick<ImageCacheStore, "fetched" | "hasFile">,
): PictureBatch {
  let pictures: FetchedPicture[] = [];
  let files = new Map<string, Uint8Array>();
  let bytes = 0;
  /** Hashes written, not yet recorded in the store. */
  const unrecorded = new Set<string>();
  let recording: Promise<void> = Promise.resolve();

  const has = (hash: string) => files.has(hash) || unrecorded.has(hash) || store.hasFile(hash);

  /** Waits for the batch before (surfacing its failure), writes this one, and records it once synced. */
  async function write(): Promise<void> {
    await recording;
    const batch = { pictures, files };
    [pictures, files, bytes] = [[], new Map(), 0];
    for (const hash of batch.files.keys()) unrecorded.add(hash);
    const synced = writePictureFiles(
      folder,
      [...batch.files].map(([hash, body]) => ({ hash, body })),
    );
    recording = synced.then(() => {
      if (batch.pictures.length > 0) store.fetched(batch.pictures);
      for (const hash of batch.files.keys()) unrecorded.delete(hash);
    });
    // A failure surfaces at the next add or flush; until then it must not count as unhandled.
    recording.catch(() => undefined);
  }

  return {
    has,
    async add(picture, body) {
      if (!has(picture.hash)) {
        files.set(picture.hash, body);
        bytes += body.byteLength;
      }
      pictures.push(picture);
      if (pictures.length >= batchPictures || bytes >= batchBytes) await write();
    },
    async flush() {
      await write();
      await recording;
    },
  };
}
