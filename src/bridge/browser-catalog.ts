// The catalog service for a till in a browser: the same service the desktop app's main process runs,
// over one data directory (session, owner-only secrets file, settings file, catalog files, log), with
// syncs and picture runs in their worker threads run from the .ts source.
import { createRequire } from "node:module";
import { type CatalogApp, openCatalog, openCatalogLog, serialportAccess } from "../core/app/index.ts";
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
  } = {},
): Promise<BrowserCatalog> {
  // A folder that cannot take a log still serves the till; the catalog's errors say what is wrong.
  const opened = openCatalogLog(
    { dataDir, level: defaultSettings.logLevel },
    { app: "pos-catalog (browser)", version },
  );
  const service = openCatalog({
    dataDir,
    sync: { worker: new URL("../core/workers/sync-worker.ts", import.meta.url) },
    pictures: { worker: new URL("../core/workers/image-worker.ts", import.meta.url) },
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
