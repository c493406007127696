// A product's group and tax, as the card and the keys name them: the product's own tax, else its
// group's; a variant without either takes its parent's. The tax's rate fills in the net or gross
// amount a price gives without the other.
import type { Product } from "../../shared/api/product.ts";
import type { FamilyPrices, StoredFamily } from "../../shared/catalog/lookup-answer.ts";
import type { GroupName, TaxName } from "../../shared/catalog/tax-amounts.ts";
import { withTaxRate } from "../../shared/catalog/tax-amounts.ts";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import type { ReferenceMaps } from "../catalog/reference-reads.ts";

/** The groups and taxes held, by id, from memory while the catalog is unchanged. */
export function referenceMaps(store: Pick<CatalogStore, "references">): Promise<ReferenceMaps> {
  return store.references.groupsAndTaxes();
}

/** The product's group and tax (its own, else its group's); null where the catalog holds none. */
export function groupAndTax(product: Product, maps: ReferenceMaps, parent: Product | null = null) {
  const groupId = textOf(product.product_group) ?? textOf(parent?.product_group);
  const group = groupId === null ? null : (maps.groups.get(groupId) ?? null);
  const taxId = textOf(product.tax) ?? textOf(parent?.tax) ?? group?.tax ?? null;
  const tax = taxId === null ? null : (maps.taxes.get(taxId) ?? null);
  return { groupId, group, taxId, tax };
}

/**
 * What the card says of the family's product: its group and tax by id and name (a group or tax the
 * catalog does not hold is named by id alone), and the family's prices completed by that tax's rate.
 */
export function familyGroupAndTax(family: StoredFamily, maps: ReferenceMaps) {
  const found = groupAndTax(family.product, maps, family.parent);
  const group: GroupName | null =
    found.groupId === null ? null : { id: found.groupId, name: found.group?.name ?? null };
  const tax: TaxName | null =
    found.taxId === null
      ? null
      : { id: found.taxId, name: found.tax?.name ?? null, rate: found.tax?.rate ?? null };
  return { group, tax };
}

/** Each price of the family with net and gross both, where the rate allows. */
export function taxedPrices(prices: FamilyPrices, rate: number | null | undefined): FamilyPrices {
  return Object.fromEntries(Object.entries(prices).map(([id, price]) => [id, withTaxRate(price, rate)]));
}

function textOf(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
