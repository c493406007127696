// Where tokens and remembered credentials live. The CLI keeps them in an owner-only file, the
// Electron app encrypts them with the OS keychain; the core sees only this and never logs a value.
export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}
