// The till's settings over any RecordStore: a JSON file for the CLI and tests, electron-store in the
// desktop app. Read back field by field (see settingsFromStored), written whole and validated.
import {
  type AppSettings,
  appSettingsSchema,
  type StoredSettings,
  settingsFromStored,
} from "../../shared/settings/app-settings.ts";
import type { RecordStore } from "./record-store.ts";

export interface SettingsStore {
  read(): Promise<AppSettings>;
  /** The stored fields that could not be used and so take their defaults, each said in words. */
  unusable(): Promise<string[]>;
  write(settings: AppSettings): Promise<void>;
}

export function settingsStoreOver(records: RecordStore<unknown>): SettingsStore {
  // Read at every scan for the till's branch: checking each field again cost a scan some 40 µs. A
  // store that hands back the same value while nothing changed (the JSON file store) is checked once.
  let last: { stored: unknown; read: StoredSettings } | null = null;
  const current = async (): Promise<StoredSettings> => {
    const stored = await records.read();
    if (last === null || last.stored !== stored) last = { stored, read: settingsFromStored(stored) };
    return last.read;
  };
  return {
    read: async () => (await current()).settings,
    unusable: async () => (await current()).unusable,
    write: (settings) => records.write(appSettingsSchema.parse(settings)),
  };
}
