// The catalog service for a till in a browser: the same service the desktop app's main process runs,
// over one data directory (session, owner-only secrets file, settings file, catalog files, log), with
// syncs and picture runs in their worker threads run from the .ts source.
import { createRequire } from "node:module";
import { openCatalogLog } from "../core/logging/open-catalog-log.ts";
import { type CatalogService, createCatalogService } from "../core/service/catalog-service.ts";
import { dataDirStores } from "../core/storage/data-dir-stores.ts";

export interface BrowserCatalog {
  service: CatalogService;
  close(): Promise<void>;
}

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

export async function openBrowserCatalog(
  dataDir: string,
  options: { onFault?: (what: string, error: unknown) => void } = {},
): Promise<BrowserCatalog> {
  const stores = dataDirStores(dataDir);
  const level = (await stores.settings.read()).logLevel;
  // A folder that cannot take a log still serves the till; the catalog's errors say what is wrong.
  const opened = openCatalogLog({ dataDir, level }, { app: "pos-catalog (browser)", version });
  const service = createCatalogService({
    dataDir,
    ...stores,
    syncWorker: { url: new URL("../core/service/sync-worker.ts", import.meta.url) },
    imageWorker: { url: new URL("../core/images/image-worker.ts", import.meta.url) },
    onFault: options.onFault,
    log: opened.log,
  });
  await service.start();
  return {
    service,
    close: async () => {
      await service.close();
      await opened.close();
    },
  };
}
