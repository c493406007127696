// The till's settings over any RecordStore: a JSON file for the CLI and tests, electron-store in the
// desktop app. Read back field by field (see settingsFromStored), written whole and validated.
import {
  type AppSettings,
  appSettingsSchema,
  settingsFromStored,
} from "../../shared/settings/app-settings.ts";
import type { RecordStore } from "./record-store.ts";

export interface SettingsStore {
  read(): Promise<AppSettings>;
  write(settings: AppSettings): Promise<void>;
}

export function settingsStoreOver(records: RecordStore<unknown>): SettingsStore {
  return {
    read: async () => settingsFromStored(await records.read()),
    write: (settings) => records.write(appSettingsSchema.parse(settings)),
  };
}
