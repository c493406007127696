// Making a folder and any missing folders above it, one level at a time. Node's recursive mkdir spins
// for ever where a folder exists but no folder can be made inside it (/proc, some network file
// systems): it answers "no such parent" by making the parent, which "already exists", and tries again.
// Synchronous: it runs once per folder, before a file is written, and the sync lock needs it too.
import { mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";

/** Like mkdir -p, but a folder that cannot be made fails at once with the file system's own error. */
export function makeDirectory(dir: string, mode?: number): void {
  try {
    mkdirSync(dir, { mode });
  } catch (error) {
    if (codeOf(error) !== "ENOENT" || dirname(dir) === dir) {
      alreadyThere(dir, error);
      return;
    }
    makeDirectory(dirname(dir), mode);
    // The parent is there now: if this fails too, no folder can be made here.
    try {
      mkdirSync(dir, { mode });
    } catch (again) {
      alreadyThere(dir, again);
    }
  }
}

/** A folder that exists is no failure (another process may have just made it); a file is. */
function alreadyThere(dir: string, error: unknown): void {
  if (codeOf(error) === "EEXIST" && statSync(dir).isDirectory()) return;
  throw error;
}

function codeOf(error: unknown): unknown {
  return (error as NodeJS.ErrnoException | null)?.code;
}
