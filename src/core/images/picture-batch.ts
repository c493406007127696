// Downloaded pictures held until a batch is full or a second old, then their bytes and records
// written to the cache's store in one transaction: a picture costs the run an insert, not a commit of
// its own. Whether the cache holds a picture's bytes already is asked inside that transaction, where
// a question costs a page read, not a lock of its own (asked outside it, it led the run's profile).
import type { FetchedPicture, ImageCacheStore } from "./image-cache-store.ts";

/**
 * Pictures a batch holds at most, lost to a crash and fetched again. Many, because the cache's tables
 * are keyed by hash and by product, in no order the downloads follow: a commit rewrites nearly every
 * page it touches however few pictures it holds, so fewer commits write less.
 */
const batchPictures = 2000;
/** Bytes a batch holds at most, so a run of large pictures stays small in memory. */
const batchBytes = 4_000_000;
/** How long a batch fills at most, so on a slow line a picture shows (and survives a crash) soon. */
const batchAgeMs = 1_000;

export interface PictureBatch {
  /**
   * Adds a downloaded picture. A full batch is written at once: answers how many bytes the store
   * took in that it did not hold before (0 while the batch fills).
   */
  add(picture: FetchedPicture, body: Uint8Array): number;
  /** The bytes of the pictures added and not written yet, each counted once: all of them may be new. */
  pendingBytes(): number;
  /** Writes every picture added; answers how many bytes the store did not hold before. */
  flush(): number;
}

export function pictureBatch(store: Pick<ImageCacheStore, "fetched">, clock: () => number): PictureBatch {
  let pictures: FetchedPicture[] = [];
  let bodies = new Map<string, Uint8Array>();
  let bytes = 0;
  let began = 0;

  function write(): number {
    if (pictures.length === 0) return 0;
    const stored = store.fetched(
      pictures,
      [...bodies].map(([hash, body]) => ({ hash, body })),
    );
    [pictures, bodies, bytes] = [[], new Map(), 0];
    return stored;
  }

  return {
    add(picture, body) {
      if (pictures.length === 0) began = clock();
      if (!bodies.has(picture.hash)) {
        bodies.set(picture.hash, body);
        bytes += body.byteLength;
      }
      pictures.push(picture);
      const full = pictures.length >= batchPictures || bytes >= batchBytes;
      return full || clock() - began >= batchAgeMs ? write() : 0;
    },
    pendingBytes: () => bytes,
    flush: write,
  };
}
