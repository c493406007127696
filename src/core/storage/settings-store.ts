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
  // Read at every scan for the till's branch: checking each field again cost a scan some 40 µs. A
  // store that hands back the same value while nothing changed (the JSON file store) is checked once.
  let last: { stored: unknown; settings: AppSettings } | null = null;
  return {
    async read() {
      const stored = await records.read();
      if (last === null || last.stored !== stored) last = { stored, settings: settingsFromStored(stored) };
      return last.settings;
    },
    write: (settings) => records.write(appSettingsSchema.parse(settings)),
  };
}
