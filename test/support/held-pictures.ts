// What a till's picture cache holds, read straight from its SQLite file (images/cache.sqlite) the way
// nothing in the app does: to check from outside that every held picture is whole.
import { createHash } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import { imageKindOf } from "../../src/core/images/image-kind.ts";

export const pictureCacheFile = (dataDir: string): string => join(dataDir, "images", "cache.sqlite");

/** The held pictures' bytes by hash; empty when the cache is not there (yet). */
export function heldPictures(dataDir: string): Map<string, Buffer> {
  let db: Database.Database;
  try {
    db = new Database(pictureCacheFile(dataDir), { readonly: true, fileMustExist: true });
  } catch {
    return new Map();
  }
  try {
    const rows = db
      .prepare("SELECT hash, bodies.body FROM pictures JOIN bodies ON bodies.id = pictures.body")
      .all() as { hash: string; body: Buffer }[];
    return new Map(rows.map((row) => [row.hash, row.body]));
  } catch {
    // Not created yet by the cache's first open.
    return new Map();
  } finally {
    db.close();
  }
}

/** Of these pictures, the hashes whose bytes do not hash to them or are no picture's kind. */
export function notWhole(pictures: ReadonlyMap<string, Buffer>): string[] {
  return [...pictures]
    .filter(
      ([hash, body]) =>
        imageKindOf(body) === null || createHash("sha256").update(body).digest("hex") !== hash,
    )
    .map(([hash]) => hash);
}
