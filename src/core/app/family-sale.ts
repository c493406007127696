// How a product is sold, for a scan and for a product opened by id alike: its sale rule needs the
// products it names (a deposit, a bundle's parts), read in the same read of the catalog as the
// product itself, so a sync committing in between cannot pair it with another version of them.
import type { Product } from "../../shared/api/product.ts";
import type { StoredFamily } from "../../shared/catalog/lookup-answer.ts";
import type { PriceContext, ResolvedPrice } from "../../shared/catalog/price-rule.ts";
import { saleReferences } from "../../shared/catalog/sale-links.ts";
import { type Sale, saleOf } from "../../shared/catalog/sale-rule.ts";
import type { CatalogStore } from "../catalog/catalog-store.ts";

/** The products the family's product names for its sale; only one that names others costs a read. */
export function namedBy(
  store: Pick<CatalogStore, "productsByIds">,
  family: StoredFamily,
): Promise<Product[]> {
  return store.productsByIds(saleReferences(family.product));
}

/** The sale of the family's product at `price`, its variants and the products it names at hand. */
export function saleWith(
  family: StoredFamily,
  named: readonly Product[],
  price: ResolvedPrice | null,
  context: PriceContext,
): Sale {
  const byId = new Map(named.map((product) => [product.id, product]));
  return saleOf(family.product, price, { byId, children: family.variants }, context);
}
