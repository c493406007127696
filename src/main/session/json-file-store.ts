// Small facts kept as one JSON file, read back through a schema.
import { mkdir, readFile, rm } from "node:fs/promises";
import { dirname } from "node:path";
import type { ZodType } from "zod";
import { writeFileAtomic } from "./atomic-file.ts";

export interface SettingsStore<T> {
  read(): Promise<T | null>;
  write(value: T): Promise<void>;
  clear(): Promise<void>;
}

export function createJsonFileStore<T>(file: string, schema: ZodType<T>): SettingsStore<T> {
  return {
    async read() {
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      // A file from another version or damaged by hand counts as absent: the next write replaces it.
      const parsed = schema.safeParse(parseJson(text));
      return parsed.success ? parsed.data : null;
    },
    async write(value) {
      await mkdir(dirname(file), { recursive: true });
      await writeFileAtomic(file, JSON.stringify(schema.parse(value), null, 2), 0o600);
    },
    async clear() {
      await rm(file, { force: true });
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
