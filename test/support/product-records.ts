// Valid product records for the catalog tests (checked against the real schema) and the pages they
// travel in. No vitest import: the child process of the concurrency test uses these too.
import type { ReceivedProduct } from "../../src/core/products-page.ts";
import { type Product, productSchema } from "../../src/shared/api/product.ts";
import { productDefaults } from "../../src/shared/api/product-defaults.ts";

export function product(overrides: Partial<Product> & { id: string }, updatedAt = 1_000): Product {
  return productSchema.parse({
    ...productDefaults,
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
  return products.map((item) => ({ product: item, raw: { ...item }, unusable: [] }));
}

/** A page of live products with the defaults the sync engine would pass. */
export function livePage(products: Product[], generation = 1, syncState: unknown = { page: 1 }) {
  return { received: received(...products), rejected: [], removeReceived: false, generation, syncState };
}

export function deletedPage(products: Product[], generation = 1, syncState: unknown = { page: 1 }) {
  const tombstones = products.map((item) => ({ ...item, deleted: true }));
  return { received: received(...tombstones), rejected: [], removeReceived: true, generation, syncState };
}
