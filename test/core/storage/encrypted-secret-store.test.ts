// Secrets sealed by the OS keychain: only ciphertext on disk, and no keychain means nothing on disk.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  chooseSecretStorage,
  createEncryptedSecretStore,
  type OsEncryption,
} from "../../../src/core/storage/encrypted-secret-store.ts";
import { tempDir } from "../../support/service-fixtures.ts";

/** A real cipher standing in for safeStorage (the Electron binary cannot run here). */
function keychain(options: { available?: boolean; backend?: string } = {}): OsEncryption {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? "gnome_libsecret",
    encryptString(text) {
      const iv = randomBytes(16);
      const cipher = createCipheriv("aes-256-cbc", key, iv);
      return Buffer.concat([iv, cipher.update(text, "utf8"), cipher.final()]);
    },
    decryptString(sealed) {
      const decipher = createDecipheriv("aes-256-cbc", key, sealed.subarray(0, 16));
      return Buffer.concat([decipher.update(sealed.subarray(16)), decipher.final()]).toString("utf8");
    },
  };
}

const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await dir.remove();
});
async function secretFile(): Promise<string> {
  const dir = await tempDir();
  dirs.push(dir);
  return join(dir.path, "secrets", "secrets.enc.json");
}

describe("the keychain-sealed secret store", () => {
  it("keeps only ciphertext on disk and reads the secret back", async () => {
    const file = await secretFile();
    const store = createEncryptedSecretStore(file, keychain());
    await store.set("commerce.token", "token-value-123");
    expect(await store.get("commerce.token")).toBe("token-value-123");
    expect(readFileSync(file, "utf8")).not.toContain("token-value-123");
    await store.delete("commerce.token");
    expect(await store.get("commerce.token")).toBeNull();
  });

  it("treats a secret sealed by another keychain as absent", async () => {
    const file = await secretFile();
    await createEncryptedSecretStore(file, keychain()).set("commerce.token", "x");
    expect(await createEncryptedSecretStore(file, keychain()).get("commerce.token")).toBeNull();
  });

  it.each([
    ["no encryption at all", { available: false }, "darwin"],
    ["Linux without a keyring", { backend: "basic_text" }, "linux"],
  ])("keeps secrets in memory only, and says why, with %s", async (_name, options, platform) => {
    const file = await secretFile();
    const { secrets, rememberUnavailable } = chooseSecretStorage(file, keychain(options), platform);
    await secrets.set("commerce.token", "t");
    expect(await secrets.get("commerce.token")).toBe("t");
    expect(existsSync(file)).toBe(false);
    expect(rememberUnavailable).toMatch(/cannot be remembered/);
  });

  it("uses the keychain where it really encrypts", async () => {
    const file = await secretFile();
    const { secrets, rememberUnavailable } = chooseSecretStorage(file, keychain(), "linux");
    await secrets.set("commerce.credential", "pw");
    expect(existsSync(file)).toBe(true);
    expect(rememberUnavailable).toBeNull();
  });
});
