// Secrets kept only while the app runs: where no keychain can encrypt them, a token is not written
// to disk in the clear, and the person signs in again after a restart.
import type { SecretStore } from "./secret-store.ts";

export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    get: async (name) => secrets.get(name) ?? null,
    set: async (name, value) => {
      secrets.set(name, value);
    },
    delete: async (name) => {
      secrets.delete(name);
    },
  };
}
