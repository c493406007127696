// Secrets for the headless CLI, which has no OS keychain: one JSON file only its owner can read, in a
// directory only its owner can enter. The Electron app plugs in a safeStorage-backed store instead.
import { chmod } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { createJsonFileStore } from "./json-file-store.ts";
import { makeDirectory } from "./make-directory.ts";
import type { SecretStore } from "./secret-store.ts";
import { storageError } from "./storage-errors.ts";

const secretsSchema = z.record(z.string(), z.string());

/** How a value is written into the file and read back: as it is, or sealed by the OS keychain. */
export interface SecretCodec {
  seal(value: string): string;
  /** null when the stored text can no longer be opened (it counts as absent). */
  open(sealed: string): string | null;
}

const plainText: SecretCodec = { seal: (value) => value, open: (sealed) => sealed };

/** Give the file a directory of its own: the directory is made (or tightened) to 0700. */
export function createFileSecretStore(file: string, codec: SecretCodec = plainText): SecretStore {
  const store = createJsonFileStore(file, secretsSchema);
  // Each change reads, edits and rewrites the whole file: queue them so none is lost.
  let queue: Promise<unknown> = Promise.resolve();

  function change(edit: (secrets: Record<string, string>) => void): Promise<void> {
    const next = queue.then(async () => {
      const secrets = (await store.read()) ?? {};
      edit(secrets);
      try {
        makeDirectory(dirname(file), 0o700);
        await chmod(dirname(file), 0o700);
      } catch (error) {
        throw storageError(file, error);
      }
      await store.write(secrets);
    });
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    async get(name) {
      await queue;
      const stored = (await store.read())?.[name];
      return stored === undefined ? null : codec.open(stored);
    },
    set: (name, value) =>
      change((secrets) => {
        secrets[name] = codec.seal(value);
      }),
    delete: (name) =>
      change((secrets) => {
        delete secrets[name];
      }),
  };
}
