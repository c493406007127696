// Products and stores for the catalog tests: valid records (checked against the real schema) and
// real SQLite files in a temporary directory that each test removes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { type CatalogStore, openCatalogStore } from "../../src/main/catalog/catalog-store.ts";
import type { ReceivedProduct } from "../../src/main/products-page.ts";
import { type Product, productSchema } from "../../src/shared/api/product.ts";

export function product(overrides: Partial<Product> & { id: string }, updatedAt = 1_000): Product {
  return productSchema.parse({
    name: `Product ${overrides.id}`,
    type: "product",
    active: true,
    deleted: false,
    created_at: { iso: new Date(0).toISOString(), unix: 0 },
    updated_at: { iso: new Date(updatedAt).toISOString(), unix: updatedAt },
    ...overrides,
  });
}

export function received(...products: Product[]): ReceivedProduct[] {
  return products.map((item) => ({ product: item, raw: { ...item } }));
}

/** A page of live products with the defaults the sync engine would pass. */
export function livePage(products: Product[], generation = 1, syncState: unknown = { page: 1 }) {
  return { received: received(...products), rejected: [], removeReceived: false, generation, syncState };
}

export function deletedPage(products: Product[], generation = 1, syncState: unknown = { page: 1 }) {
  const tombstones = products.map((item) => ({ ...item, deleted: true }));
  return { received: received(...tombstones), rejected: [], removeReceived: true, generation, syncState };
}

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
