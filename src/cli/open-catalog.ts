// The CLI's catalog: the same catalog the app opens (core/app), over one data directory, with
// secrets in a file only its owner can read. One command at a time: syncs and picture runs happen in
// this process, and nothing starts on its own.
import { type CatalogApp, openCatalog, type RequestDeadlines, settingsFileIn } from "../core/app/index.ts";
import type { CliIo } from "./cli-io.ts";
import { defaultDataDir, givenDataDir } from "./data-dir.ts";

/** `deadlines`: the request timeouts given on the command line; the settings' for those left out. */
export function openCliCatalog(dataDir: string, deadlines: Partial<RequestDeadlines> = {}): CatalogApp {
  return openCatalog({
    dataDir,
    sync: "in-process",
    pictures: "in-process",
    background: false,
    client: { deadlines },
  });
}

/** Opens the catalog for one command and always closes it, whatever the command does. */
export async function withCatalog<T>(
  dataDirFlag: string | undefined,
  io: CliIo,
  work: (catalog: CatalogApp) => Promise<T>,
  deadlines?: Partial<RequestDeadlines>,
): Promise<T> {
  const catalog = openCliCatalog(
    givenDataDir(dataDirFlag, "--data-dir") ?? defaultDataDir(io.env),
    deadlines,
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
