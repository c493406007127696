// API keys: UUID v4 strings, as integrations expect. Tokens carry only a fingerprint of the key they came
// from, so a revoked or replaced key voids its tokens without the key itself travelling in them.
import { createHash, randomUUID } from "node:crypto";

export function newApiKey(): string {
  return randomUUID();
}

export function apiKeyFingerprint(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("base64url").slice(0, 22);
}
