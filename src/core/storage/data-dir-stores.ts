// The session record and secrets kept as files in the data directory, for hosts without a keychain
// (the CLI, tests). The secret file is readable by its owner only.
import { join } from "node:path";
import { type SessionInfo, sessionInfoSchema } from "../../shared/catalog/session-info.ts";
import { createFileSecretStore } from "./file-secret-store.ts";
import { createJsonFileStore } from "./json-file-store.ts";
import type { RecordStore } from "./record-store.ts";
import type { SecretStore } from "./secret-store.ts";

export function dataDirStores(dataDir: string): { records: RecordStore<SessionInfo>; secrets: SecretStore } {
  return {
    records: createJsonFileStore(join(dataDir, "session.json"), sessionInfoSchema),
    secrets: createFileSecretStore(join(dataDir, "secrets", "secrets.json")),
  };
}
