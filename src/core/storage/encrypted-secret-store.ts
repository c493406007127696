// Secrets encrypted by the operating system's keychain (Electron's safeStorage) in one file of the
// user-data directory. Only ciphertext touches the disk; the key never leaves the keychain.
import { createFileSecretStore } from "./file-secret-store.ts";
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

/** Secrets sealed by the keychain, in the owner-only secret file (see createFileSecretStore). */
export function createEncryptedSecretStore(file: string, encryption: OsEncryption): SecretStore {
  return createFileSecretStore(file, {
    seal: (value) => encryption.encryptString(value).toString("base64"),
    open(sealed) {
      try {
        return encryption.decryptString(Buffer.from(sealed, "base64"));
      } catch {
        // Sealed by another user or machine, or the keychain was reset: as good as absent.
        return null;
      }
    },
  });
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
