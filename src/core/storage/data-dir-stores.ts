// The session record, secrets and settings kept as files in the data directory, for hosts without a
// keychain (the CLI, the browser bridge, tests). The secret file is readable by its owner only. The
// CLI and a till in a browser over the same folder share its settings (the till's branch, say).
import { join } from "node:path";
import { z } from "zod";
import { type SessionInfo, sessionInfoSchema } from "../../shared/catalog/session-info.ts";
import { createFileSecretStore } from "./file-secret-store.ts";
import { createJsonFileStore } from "./json-file-store.ts";
import type { RecordStore } from "./record-store.ts";
import type { SecretStore } from "./secret-store.ts";
import { type SettingsStore, settingsStoreOver } from "./settings-store.ts";

/** The settings file, named where a person who edits it by hand must be told of it. */
export function settingsFileIn(dataDir: string): string {
  return join(dataDir, "settings.json");
}

export function dataDirStores(dataDir: string): {
  records: RecordStore<SessionInfo>;
  secrets: SecretStore;
  settings: SettingsStore;
} {
  return {
    records: createJsonFileStore(join(dataDir, "session.json"), sessionInfoSchema),
    secrets: createFileSecretStore(join(dataDir, "secrets", "secrets.json")),
    settings: settingsStoreOver(createJsonFileStore(settingsFileIn(dataDir), z.unknown())),
  };
}
