// API keys: UUID v4 strings, as integrations expect. The database keeps only a SHA-256 digest of each key
// (a key has 122 random bits, so a fast hash leaves nothing to guess), and tokens carry only the start of
// that digest, so a revoked or replaced key voids its tokens without the key travelling in them or resting
// on disk.
import { createHash, randomUUID } from "node:crypto";

export function newApiKey(): string {
  return randomUUID();
}

export function apiKeyDigest(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("base64url");
}

/** The part of a key's digest its tokens carry. */
export function keyFingerprint(digest: string): string {
  return digest.slice(0, 22);
}
