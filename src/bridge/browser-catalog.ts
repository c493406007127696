// The catalog service for a till in a browser: the same service the desktop app's main process runs,
// over one data directory (session, owner-only secrets file, settings file, catalog files), with
// syncs and picture runs in their worker threads run from the .ts source.
import { type CatalogService, createCatalogService } from "../core/service/catalog-service.ts";
import { dataDirStores } from "../core/storage/data-dir-stores.ts";

export interface BrowserCatalog {
  service: CatalogService;
  close(): Promise<void>;
}

export async function openBrowserCatalog(
  dataDir: string,
  options: { onFault?: (what: string, error: unknown) => void } = {},
): Promise<BrowserCatalog> {
  const service = createCatalogService({
    dataDir,
    ...dataDirStores(dataDir),
    syncWorker: { url: new URL("../core/service/sync-worker.ts", import.meta.url) },
    imageWorker: { url: new URL("../core/images/image-worker.ts", import.meta.url) },
    onFault: options.onFault,
  });
  await service.start();
  return { service, close: () => service.close() };
}
