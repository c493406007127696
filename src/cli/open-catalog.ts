// The CLI's catalog: everything under one data directory, secrets in a file only its owner can read.
import type { RequestDeadlines } from "../core/api/request-deadlines.ts";
import type { CatalogCore } from "../core/catalog-core.ts";
import { wireCatalog } from "../core/catalog-wiring.ts";
import { loggedCore, loggedSession } from "../core/logging/logged-catalog.ts";
import type { Session } from "../core/session/session.ts";
import { dataDirStores, settingsFileIn } from "../core/storage/data-dir-stores.ts";
import type { SettingsStore } from "../core/storage/settings-store.ts";
import { isAppError } from "../shared/app-error.ts";
import type { CliIo } from "./cli-io.ts";
import { openCliLog } from "./cli-log.ts";
import { defaultDataDir, givenDataDir } from "./data-dir.ts";

export interface OpenCatalog {
  dataDir: string;
  session: Session;
  core: CatalogCore;
  /** The data folder's settings file, shared with `npm run ui` over the same folder. */
  settings: SettingsStore;
  /** Closes the catalog file and ends the connections to the service. */
  close(): Promise<void>;
}

/** `deadlines`: the request timeouts given on the command line; the defaults for those left out. */
export function openCatalog(dataDir: string, deadlines: Partial<RequestDeadlines> = {}): OpenCatalog {
  const { records, secrets, settings } = dataDirStores(dataDir);
  const prices = async () => (await settings.read()).prices;
  const images = async () => (await settings.read()).images;
  const wired = wireCatalog({
    dataDir,
    records,
    secrets,
    clock: Date.now,
    client: () => ({ deadlines }),
    prices,
    images,
  });
  return { dataDir, settings, ...wired };
}

/** Opens the catalog for one command and always closes it, whatever the command does. */
export async function withCatalog<T>(
  dataDirFlag: string | undefined,
  io: CliIo,
  work: (catalog: OpenCatalog) => Promise<T>,
  deadlines?: Partial<RequestDeadlines>,
): Promise<T> {
  const catalog = openCatalog(givenDataDir(dataDirFlag, "--data-dir") ?? defaultDataDir(io.env), deadlines);
  const { log, close } = openCliLog(catalog.dataDir, io.logLevel ?? (await catalog.settings.read()).logLevel);
  try {
    await warnOfUnusableSettings(catalog, io);
    return await work({
      ...catalog,
      session: loggedSession(catalog.session, log),
      core: loggedCore(catalog.core, log),
    });
  } catch (error) {
    // A bug; the errors a person can act on are logged where they happen (sync, sign-in).
    if (!isAppError(error)) log.fault("the catalog tool", error);
    throw error;
  } finally {
    await catalog.close();
    await close();
  }
}

/** A setting edited by hand into something unusable is said, not silently replaced by its default. */
async function warnOfUnusableSettings(catalog: OpenCatalog, io: CliIo): Promise<void> {
  const file = settingsFileIn(catalog.dataDir);
  for (const problem of await catalog.settings.unusable()) {
    io.stderr.write(`Setting ignored, its default used instead: ${problem} (in ${file})\n`);
  }
}
