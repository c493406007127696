// Downloaded pictures held until a batch is full, then their bytes and records written to the cache's
// store in one transaction: a picture costs the run an insert, not a commit of its own. A picture
// whose bytes the cache holds, or is about to, is not written again.
import type { FetchedPicture, ImageCacheStore } from "./image-cache-store.ts";

/** Pictures a batch holds at most: a few seconds of downloads, lost to a crash and fetched again. */
const batchPictures = 32;
/** Bytes a batch holds at most, so a run of large pictures stays small in memory. */
const batchBytes = 4_000_000;

export interface PictureBatch {
  /**
   * Adds a downloaded picture; a full batch is written at once. true when its bytes are new to the
   * cache, false when it holds them already or will once the batch is written (asked once a picture:
   * each question to the store showed in the run's profile).
   */
  add(picture: FetchedPicture, body: Uint8Array): boolean;
  /** Writes every picture added. */
  flush(): void;
}

export function pictureBatch(store: Pick<ImageCacheStore, "fetched" | "holds">): PictureBatch {
  let pictures: FetchedPicture[] = [];
  let bodies = new Map<string, Uint8Array>();
  let bytes = 0;

  function write(): void {
    if (pictures.length === 0) return;
    store.fetched(
      pictures,
      [...bodies].map(([hash, body]) => ({ hash, body })),
    );
    [pictures, bodies, bytes] = [[], new Map(), 0];
  }

  return {
    add(picture, body) {
      const fresh = !bodies.has(picture.hash) && !store.holds(picture.hash);
      if (fresh) {
        bodies.set(picture.hash, body);
        bytes += body.byteLength;
      }
      pictures.push(picture);
      if (pictures.length >= batchPictures || bytes >= batchBytes) write();
      return fresh;
    },
    flush: write,
  };
}
