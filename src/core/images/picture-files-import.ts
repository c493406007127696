// Pictures an older version of the app kept as one file each in the images folder, named by their
// hash: taken into the cache's store at the first open after the upgrade, so an offline till keeps
// its pictures. Each is checked like a download (a picture's kind from its first bytes, the hash of
// its bytes); one that fails is fetched again at the next run. Every such file is deleted once its
// bytes are committed, along with temporary files an interrupted write left.
//
// Two processes may open the cache at once (the app and its picture worker): a file the other one
// took in and deleted first is skipped here, and the store keeps what either committed.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isImageHash } from "../../shared/catalog/product-pictures.ts";
import type { ImageCacheStore, PictureBody } from "./image-cache-store.ts";
import { imageKindOf } from "./image-kind.ts";

/** How the older version named a file while writing it. */
const partialPrefix = ".part-";
/** Bytes read before a commit: a cache of 500 MB is taken in a piece at a time. */
const pieceBytes = 16_000_000;

export function importPictureFiles(
  folder: string,
  store: Pick<ImageCacheStore, "adoptFiles" | "adopting" | "endAdoption">,
): void {
  const names = readdirSync(folder).filter((name) => isImageHash(name) || name.startsWith(partialPrefix));
  // Every open asks: only a folder the older version left costs more than reading its names.
  if (names.length === 0 && !store.adopting()) return;
  let piece: PictureBody[] = [];
  let bytes = 0;
  const commit = () => {
    if (piece.length === 0) return;
    store.adoptFiles(piece);
    for (const { hash } of piece) rmSync(join(folder, hash), { force: true });
    [piece, bytes] = [[], 0];
  };
  for (const name of names) {
    const picture = isImageHash(name) ? wholePicture(join(folder, name), name) : null;
    if (picture === null) {
      rmSync(join(folder, name), { force: true });
      continue;
    }
    piece.push(picture);
    bytes += picture.body.byteLength;
    if (bytes >= pieceBytes) commit();
  }
  commit();
  // Also after a crash half-way through an import: a file that failed its check is deleted first.
  store.endAdoption();
}

/** The file's bytes if they are a picture whose hash is its name; null otherwise or when unreadable. */
function wholePicture(file: string, hash: string): PictureBody | null {
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch {
    return null;
  }
  if (imageKindOf(body) === null) return null;
  if (createHash("sha256").update(body).digest("hex") !== hash) return null;
  return { hash, body };
}
