// A process that opens a catalog file (running any migration it needs) and closes it: the process
// the migration crash test kills. Run as: node catalog-open-child.ts FILE
import { openCatalogStore } from "../../src/core/catalog/catalog-store.ts";

const store = await openCatalogStore(process.argv[2] ?? "");
await store.close();
