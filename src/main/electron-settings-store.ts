// The till's settings in electron-store (a JSON file in the user-data directory), seen through the
// same RecordStore the CLI's JSON file store offers; the core parses what comes back.
import type { RecordStore } from "../core/storage/record-store.ts";

/** The part of an electron-store instance the adapter uses. */
export interface ElectronStoreLike {
  store: Record<string, unknown>;
  clear(): void;
}

export function recordStoreOverElectronStore(store: ElectronStoreLike): RecordStore<unknown> {
  return {
    read: async () => {
      const value = store.store;
      return Object.keys(value).length === 0 ? null : value;
    },
    write: async (value) => {
      store.store = value as Record<string, unknown>;
    },
    clear: async () => store.clear(),
  };
}
