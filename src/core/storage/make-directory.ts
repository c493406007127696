// Making a folder and any missing folders above it, one level at a time. Node's recursive mkdir spins
// for ever where a folder exists but no folder can be made inside it (/proc, some network file
// systems): it answers "no such parent" by making the parent, which "already exists", and tries again.
import { mkdir, stat } from "node:fs/promises";
import { dirname } from "node:path";

/** Like mkdir -p, but a folder that cannot be made fails at once with the file system's own error. */
export async function makeDirectory(dir: string, mode?: number): Promise<void> {
  try {
    await mkdir(dir, { mode });
  } catch (error) {
    if (codeOf(error) !== "ENOENT" || dirname(dir) === dir) return alreadyThere(dir, error);
    await makeDirectory(dirname(dir), mode);
    // The parent is there now: if this fails too, no folder can be made here.
    await mkdir(dir, { mode }).catch((again: unknown) => alreadyThere(dir, again));
  }
}

/** A folder that exists is no failure (another process may have just made it); a file is. */
async function alreadyThere(dir: string, error: unknown): Promise<void> {
  if (codeOf(error) === "EEXIST" && (await stat(dir)).isDirectory()) return;
  throw error;
}

function codeOf(error: unknown): unknown {
  return (error as NodeJS.ErrnoException | null)?.code;
}
