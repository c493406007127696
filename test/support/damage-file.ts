// Damage a catalog file the way a failing disk does: a stretch of pages overwritten with garbage.
import { closeSync, openSync, statSync, writeSync } from "node:fs";

/** Overwrites 64 KB in the middle of a file with bytes that are no SQLite page. */
export function damageMiddle(file: string): void {
  const size = statSync(file).size;
  const fd = openSync(file, "r+");
  writeSync(fd, Buffer.alloc(65_536, 0xa5), 0, 65_536, Math.floor(size / 2 / 8192) * 8192);
  closeSync(fd);
}
