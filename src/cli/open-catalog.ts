// The CLI's catalog: the same catalog the app opens (core/app), over one data directory, with
// secrets in a file only its owner can read. One command at a time: syncs and picture runs happen in
// this process, and nothing starts on its own.
import { type CatalogApp, openCatalog, settingsFileIn } from "../core/app/index.ts";
import type { CliIo } from "./cli-io.ts";
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
): CatalogApp {
  return openCatalog({
    dataDir,
    sync: "in-process",
    pictures: "in-process",
    background: false,
    client: { deadlines: connection.deadlines ?? {} },
    timeLimits: connection.timeLimits,
    onWaiting: stderr && waitingWriter(stderr),
  });
}

/** Opens the catalog for one command and always closes it, whatever the command does. */
export async function withCatalog<T>(
  dataDirFlag: string | undefined,
  io: CliIo,
  work: (catalog: CatalogApp) => Promise<T>,
  connection?: ConnectionFlags,
): Promise<T> {
  const catalog = openCliCatalog(
    givenDataDir(dataDirFlag, "--data-dir") ?? defaultDataDir(io.env),
    connection,
    io.stderr,
  );
  try {
    await catalog.start();
    await warnOfUnusableSettings(catalog, io);
    return await work(catalog);
  } finally {
    await catalog.close();
  }
}

/** A setting edited by hand into something unusable is said, not silently replaced by its default. */
async function warnOfUnusableSettings(catalog: CatalogApp, io: CliIo): Promise<void> {
  const file = settingsFileIn(catalog.dataDir);
  for (const problem of await catalog.unusableSettings()) {
    io.stderr.write(`Setting ignored, its default used instead: ${problem} (in ${file})\n`);
  }
}
