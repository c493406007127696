// Secrets encrypted by the operating system's keychain (Electron's safeStorage) in one file of the
// user-data directory. Only ciphertext touches the disk; the key never leaves the keychain.
import { z } from "zod";
import { createJsonFileStore } from "./json-file-store.ts";
import { createMemorySecretStore } from "./memory-secret-store.ts";
import type { SecretStore } from "./secret-store.ts";

/** What the store needs of Electron's safeStorage. */
export interface OsEncryption {
  isEncryptionAvailable(): boolean;
  encryptString(text: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: "basic_text" means no keychain, so "encryption" would be a fixed, public key. */
  getSelectedStorageBackend?(): string;
}

const fileSchema = z.record(z.string(), z.string());

export function createEncryptedSecretStore(file: string, encryption: OsEncryption): SecretStore {
  const store = createJsonFileStore(file, fileSchema);
  let queue: Promise<unknown> = Promise.resolve();

  function change(edit: (secrets: Record<string, string>) => void): Promise<void> {
    const next = queue.then(async () => {
      const secrets = (await store.read()) ?? {};
      edit(secrets);
      await store.write(secrets);
    });
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    async get(name) {
      await queue;
      const sealed = (await store.read())?.[name];
      if (sealed === undefined) return null;
      try {
        return encryption.decryptString(Buffer.from(sealed, "base64"));
      } catch {
        // Sealed by another user or machine, or the keychain was reset: as good as absent.
        return null;
      }
    },
    set: (name, value) =>
      change((secrets) => {
        secrets[name] = encryption.encryptString(value).toString("base64");
      }),
    delete: (name) =>
      change((secrets) => {
        delete secrets[name];
      }),
  };
}

export interface SecretStorage {
  secrets: SecretStore;
  /** Why credentials are not remembered on this machine; null when they are. */
  rememberUnavailable: string | null;
}

/**
 * The OS keychain when it really encrypts; otherwise secrets in memory only, and the reason, which
 * the app shows where a person would tick "remember me".
 */
export function chooseSecretStorage(file: string, encryption: OsEncryption, platform: string): SecretStorage {
  if (!encryption.isEncryptionAvailable()) {
    return {
      secrets: createMemorySecretStore(),
      rememberUnavailable:
        "This computer offers no secure password storage, so the sign-in cannot be remembered: sign in again after each restart.",
    };
  }
  if (platform === "linux" && encryption.getSelectedStorageBackend?.() === "basic_text") {
    return {
      secrets: createMemorySecretStore(),
      rememberUnavailable:
        "No keyring (such as GNOME Keyring or KWallet) is running, so the sign-in cannot be remembered securely: sign in again after each restart.",
    };
  }
  return { secrets: createEncryptedSecretStore(file, encryption), rememberUnavailable: null };
}
