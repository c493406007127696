// Writing a file so that a crash or a power cut leaves either the old content or the new, never half.
import { randomUUID } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";

export async function writeFileAtomic(file: string, text: string, mode: number): Promise<void> {
  // Same directory as the target, so the rename cannot cross file systems.
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    const handle = await open(temp, "wx", mode);
    try {
      // The umask may have widened nothing, but an explicit chmod does not depend on it.
      await handle.chmod(mode);
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
