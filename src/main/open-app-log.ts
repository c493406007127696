// The desktop app's log file, in the data directory beside the catalog, at the level in Settings.
import { type OpenedCatalogLog, openCatalogLog } from "../core/app/index.ts";
import type { SettingsStore } from "../core/storage/settings-store.ts";

export async function openAppLog(
  dataDir: string,
  settings: SettingsStore,
  version: string,
): Promise<OpenedCatalogLog> {
  const level = (await settings.read()).logLevel;
  return openCatalogLog(
    {
      dataDir,
      level,
      // A till whose data folder cannot take a log still sells; the fault goes where it always went.
      onFailure: (error) => console.error("catalog: the log file could not be opened", error),
    },
    { app: "pos-catalog", version },
  );
}
