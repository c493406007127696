// What the service should serve for a demo catalog, computed from the generator rather than from the service.
import type { CursorField } from "../../src/shared/api/pagination.ts";
import type { Product } from "../../src/shared/api/product.ts";
import { productCodes } from "../../src/shared/api/product-codes.ts";

export interface ExpectedFilters {
  deleted?: boolean;
  active?: boolean;
  types?: string[];
  productGroup?: string;
  barcode?: string;
  firstMs?: number;
}

/** The products a list call with these filters returns, in (cursor field, id) order. */
export function expectedProducts(
  catalog: Product[],
  filters: ExpectedFilters,
  field: CursorField = "updated_at",
) {
  return catalog
    .filter((product) => product.deleted === (filters.deleted ?? false))
    .filter((product) => filters.active === undefined || product.active === filters.active)
    .filter((product) => filters.types === undefined || filters.types.includes(product.type))
    .filter((product) => filters.productGroup === undefined || product.product_group === filters.productGroup)
    .filter((product) => filters.barcode === undefined || productCodes(product).includes(filters.barcode))
    .filter((product) => filters.firstMs === undefined || product[field].unix >= filters.firstMs)
    .sort((a, b) => a[field].unix - b[field].unix || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
