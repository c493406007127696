// The catalog service for a till in a browser: the same service the desktop app's main process runs,
// over one data directory (session, owner-only secrets file, settings file, catalog files), with
// syncs and picture runs in their worker threads run from the .ts source.
import { type CatalogApp, openCatalog } from "../core/app/index.ts";

export interface BrowserCatalog {
  service: CatalogApp;
  close(): Promise<void>;
}

export async function openBrowserCatalog(
  dataDir: string,
  options: { onFault?: (what: string, error: unknown) => void } = {},
): Promise<BrowserCatalog> {
  const service = openCatalog({
    dataDir,
    sync: { worker: new URL("../core/workers/sync-worker.ts", import.meta.url) },
    pictures: { worker: new URL("../core/workers/image-worker.ts", import.meta.url) },
    onFault: options.onFault,
  });
  await service.start();
  return { service, close: () => service.close() };
}
