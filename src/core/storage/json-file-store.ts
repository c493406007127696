// Small facts kept as one JSON file, read back through a schema.
import { statSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { dirname } from "node:path";
import type { ZodType } from "zod";
import { writeFileAtomic } from "./atomic-file.ts";
import { makeDirectory } from "./make-directory.ts";
import type { RecordStore } from "./record-store.ts";
import { storageError } from "./storage-errors.ts";

export function createJsonFileStore<T>(file: string, schema: ZodType<T>): RecordStore<T> {
  // The session is read before every lookup; reading and parsing the file cost as much as the
  // lookup itself. Writes replace the file by rename (a new inode), so inode, mtime and size tell
  // whether anyone, in this process or another, has written it since.
  let cached: { version: string; value: T | null } | null = null;
  return {
    async read() {
      let version: string;
      let text: string;
      try {
        // Synchronous: a few microseconds, where a trip through the thread pool cost a scan its p99
        // on a busy machine (npm run bench).
        const info = statSync(file);
        version = `${info.ino}:${info.mtimeMs}:${info.size}`;
        if (cached?.version === version) return cached.value;
        text = await readFile(file, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw storageError(file, error);
      }
      // A file from another version or damaged by hand counts as absent: the next write replaces it.
      const parsed = schema.safeParse(parseJson(text));
      const value = parsed.success ? parsed.data : null;
      cached = { version, value };
      return value;
    },
    async write(value) {
      const text = JSON.stringify(schema.parse(value), null, 2);
      try {
        makeDirectory(dirname(file));
        await writeFileAtomic(file, text, 0o600);
      } catch (error) {
        throw storageError(file, error);
      }
    },
    async clear() {
      await rm(file, { force: true }).catch((error: unknown) => {
        throw storageError(file, error);
      });
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
