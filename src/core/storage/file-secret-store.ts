// Secrets for the headless CLI, which has no OS keychain: one JSON file only its owner can read, in a
// directory only its owner can enter. The Electron app plugs in a safeStorage-backed store instead.
import { chmod, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { createJsonFileStore } from "./json-file-store.ts";
import type { SecretStore } from "./secret-store.ts";

const secretsSchema = z.record(z.string(), z.string());

/** Give the file a directory of its own: the directory is made (or tightened) to 0700. */
export function createFileSecretStore(file: string): SecretStore {
  const store = createJsonFileStore(file, secretsSchema);
  // Each change reads, edits and rewrites the whole file: queue them so none is lost.
  let queue: Promise<unknown> = Promise.resolve();

  function change(edit: (secrets: Record<string, string>) => void): Promise<void> {
    const next = queue.then(async () => {
      const secrets = (await store.read()) ?? {};
      edit(secrets);
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      await chmod(dirname(file), 0o700);
      await store.write(secrets);
    });
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    async get(name) {
      await queue;
      return (await store.read())?.[name] ?? null;
    },
    set: (name, value) =>
      change((secrets) => {
        secrets[name] = value;
      }),
    delete: (name) =>
      change((secrets) => {
        delete secrets[name];
      }),
  };
}
