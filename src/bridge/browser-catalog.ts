// The catalog service for a till in a browser: the same service the desktop app's main process runs,
// over one data directory (session, owner-only secrets file, settings file, catalog files, log), with
// each sync and each picture run in a process of its own, as the desktop app runs them:
// the modules the caller gives (the CLI's bundles of them, cli/bundled-workers.ts), else the .ts sources.
import { createRequire } from "node:module";
import {
  type CatalogApp,
  forkedWorker,
  openCatalog,
  openCatalogLog,
  serialportAccess,
} from "../core/app/index.ts";
import { defaultSettings } from "../shared/settings/app-settings.ts";

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

export interface BrowserCatalog {
  service: CatalogApp;
  close(): Promise<void>;
}

export async function openBrowserCatalog(
  dataDir: string,
  options: {
    onFault?: (what: string, error: unknown) => void;
    /** A serial scanner's port for this run (`--serial`), over the one in Settings. */
    serialPort?: { port: string; baud: number };
    /** The sync's and the picture run's worker modules. */
    workers?: { sync: URL; pictures: URL };
  } = {},
): Promise<BrowserCatalog> {
  // A folder that cannot take a log still serves the till; the catalog's errors say what is wrong.
  const opened = openCatalogLog(
    { dataDir, level: defaultSettings.logLevel },
    { app: "pos-catalog (browser)", version },
  );
  const service = openCatalog({
    dataDir,
    sync: {
      worker: options.workers?.sync ?? new URL("../core/workers/sync-worker.ts", import.meta.url),
      create: forkedWorker,
    },
    pictures: {
      worker: options.workers?.pictures ?? new URL("../core/workers/image-worker.ts", import.meta.url),
      create: forkedWorker,
    },
    onFault: options.onFault,
    log: opened.log,
    serial: { access: serialportAccess, ...(options.serialPort ? { port: options.serialPort } : {}) },
  });
  await service.start();
  opened.setLevel((await service.settings()).logLevel);
  return {
    service,
    close: async () => {
      await service.close();
      await opened.close();
    },
  };
}
