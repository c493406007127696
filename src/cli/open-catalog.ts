// The CLI's catalog: everything under one data directory, secrets in a file only its owner can read.
import type { CatalogCore } from "../core/catalog-core.ts";
import { wireCatalog } from "../core/catalog-wiring.ts";
import type { Session } from "../core/session/session.ts";
import { dataDirStores } from "../core/storage/data-dir-stores.ts";
import type { SettingsStore } from "../core/storage/settings-store.ts";
import type { CliIo } from "./cli-io.ts";
import { defaultDataDir, givenDataDir } from "./data-dir.ts";

export interface OpenCatalog {
  dataDir: string;
  session: Session;
  core: CatalogCore;
  /** The data folder's settings file, shared with `npm run ui` over the same folder. */
  settings: SettingsStore;
}

export function openCatalog(dataDir: string): OpenCatalog {
  const { records, secrets, settings } = dataDirStores(dataDir);
  const prices = async () => (await settings.read()).prices;
  return { dataDir, settings, ...wireCatalog({ dataDir, records, secrets, clock: Date.now, prices }) };
}

/** Opens the catalog for one command and always closes it, whatever the command does. */
export async function withCatalog<T>(
  dataDirFlag: string | undefined,
  io: CliIo,
  work: (catalog: OpenCatalog) => Promise<T>,
): Promise<T> {
  const catalog = openCatalog(givenDataDir(dataDirFlag, "--data-dir") ?? defaultDataDir(io.env));
  try {
    return await work(catalog);
  } finally {
    await catalog.core.close();
  }
}
