// Real SQLite files in a temporary directory per test, closed and removed when the test ends.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { type CatalogStore, openCatalogStore } from "../../src/core/catalog/catalog-store.ts";

export * from "./product-records.ts";

/** A fresh directory per test, removed with every store opened in it once the test ends. */
export function tempCatalogs() {
  const dirs: string[] = [];
  const stores: CatalogStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    file(name = "catalog.sqlite"): string {
      const dir = mkdtempSync(join(tmpdir(), "catalog-test-"));
      dirs.push(dir);
      return join(dir, name);
    },
    async open(file: string, clock?: () => number): Promise<CatalogStore> {
      const store = await openCatalogStore(file, { clock });
      stores.push(store);
      return store;
    },
  };
}
