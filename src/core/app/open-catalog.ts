// The one way every host opens the catalog: the Electron main process (mount-catalog.ts), the browser
// bridge and the CLI differ only in the options they pass (where syncs run, whether anything runs in
// the background, where secrets are kept).
import { dataDirStores } from "../storage/data-dir-stores.ts";
import type { CatalogApp, OpenCatalogOptions } from "./catalog-app.ts";
import { createCatalogService } from "./catalog-service.ts";

/** Opens the catalog of `dataDir`; call `start()` before using it and `close()` when done. */
export function openCatalog(options: OpenCatalogOptions): CatalogApp {
  return createCatalogService({ ...options, stores: options.stores ?? dataDirStores(options.dataDir) });
}
