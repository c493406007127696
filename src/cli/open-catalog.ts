// The CLI's catalog: the same catalog the app opens (core/app), over one data directory, with
// secrets in a file only its owner can read, and the till's log in its logs/ folder. One command at a
// time: syncs and picture runs happen in this process, and nothing starts on its own.
import { type CatalogApp, type CatalogLog, openCatalog, settingsFileIn } from "../core/app/index.ts";
import { isAppError } from "../shared/app-error.ts";
import { defaultSettings } from "../shared/settings/app-settings.ts";
import type { CliIo } from "./cli-io.ts";
import { openCliLog } from "./cli-log.ts";
import { defaultDataDir, givenDataDir } from "./data-dir.ts";
import type { ConnectionFlags } from "./timeout-flags.ts";
import { waitingWriter } from "./waiting-line.ts";

/**
 * `connection`: the timeouts and limits given on the command line, the settings' for those left out.
 * Waits on a silent service are said on `stderr`, when given.
 */
export function openCliCatalog(
  dataDir: string,
  connection: Partial<ConnectionFlags> = {},
  stderr?: CliIo["stderr"],
  log?: CatalogLog,
): CatalogApp {
  return openCatalog({
    dataDir,
    sync: "in-process",
    pictures: "in-process",
    background: false,
    client: { deadlines: connection.deadlines ?? {} },
    timeLimits: connection.timeLimits,
    onWaiting: stderr && waitingWriter(stderr),
    ...(log === undefined ? {} : { log }),
  });
}

/** Opens the catalog for one command and always closes it, whatever the command does. */
export async function withCatalog<T>(
  dataDirFlag: string | undefined,
  io: CliIo,
  work: (catalog: CatalogApp) => Promise<T>,
  connection?: ConnectionFlags,
): Promise<T> {
  const dataDir = givenDataDir(dataDirFlag, "--data-dir") ?? defaultDataDir(io.env);
  const opened = openCliLog(dataDir, io.logLevel ?? defaultSettings.logLevel);
  const catalog = openCliCatalog(dataDir, connection, io.stderr, opened.log);
  try {
    await catalog.start();
    // --log-level wins over the settings' level, which is known once they are read.
    if (io.logLevel === undefined) opened.setLevel((await catalog.settings()).logLevel);
    await warnOfUnusableSettings(catalog, io);
    return await work(catalog);
  } catch (error) {
    // A bug; the errors a person can act on are logged where they happen (sync, sign-in).
    if (!isAppError(error)) opened.log.fault("the catalog tool", error);
    throw error;
  } finally {
    await catalog.close();
    await opened.close();
  }
}

/** A setting edited by hand into something unusable is said, not silently replaced by its default. */
async function warnOfUnusableSettings(catalog: CatalogApp, io: CliIo): Promise<void> {
  const file = settingsFileIn(catalog.dataDir);
  for (const problem of await catalog.unusableSettings()) {
    io.stderr.write(`Setting ignored, its default used instead: ${problem} (in ${file})\n`);
  }
}
