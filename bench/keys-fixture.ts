// The counter keys of the benchmark catalog: its products spread over 50 product groups, one of them
// holding exactly 20,000 products that stand on their own (the group whose pages are timed), and a
// favourite set of 25 tabs of 25 product keys each, spread over the catalog, as a shop's largest
// counter would be. Written into the fixture's store beside its products (catalog-fixture.ts).
import type { Product } from "../src/shared/api/product.ts";
import type { FavouriteSetInfo, ProductGroupInfo, TaxInfo } from "../src/shared/api/reference-data.ts";
import { spread } from "./figure.ts";

export const benchGroupCount = 50;
export const bigGroupSize = 20_000;
export const benchSetName = "Bench counter";

const groupId = (index: number) => `bench-group-${String(index).padStart(2, "0")}`;
export const bigGroup = groupId(0);

/**
 * Gives every product a group: the big group takes every n-th product standing on its own until it
 * holds 20,000, the others share the rest in turn; a variant goes with its parent.
 */
export function assignBenchGroups(products: Product[]): void {
  const standalone = products.filter((product) => !product.deleted && (product.parent ?? null) === null);
  const step = Math.max(1, Math.floor(standalone.length / bigGroupSize));
  const groupOf = new Map<string, string>();
  let big = 0;
  let next = 0;
  standalone.forEach((product, index) => {
    const inBig = index % step === 0 && big < bigGroupSize;
    if (inBig) big++;
    const group = inBig ? bigGroup : groupId(1 + (next++ % (benchGroupCount - 1)));
    groupOf.set(product.id, group);
  });
  for (const product of products)
    product.product_group =
      groupOf.get(product.parent ?? product.id) ?? groupId(1 + (next++ % (benchGroupCount - 1)));
}

export function benchReferenceLists(products: readonly Product[]) {
  const taxes: TaxInfo[] = [
    { id: "bench-vat-19", name: "VAT 19 %", rate: 0.19, active: true },
    { id: "bench-vat-7", name: "VAT 7 %", rate: 0.07, active: true },
  ];
  const groups: ProductGroupInfo[] = Array.from({ length: benchGroupCount }, (_, index) => ({
    id: groupId(index),
    name: `Group ${index}`,
    number: String(index),
    color: `#${(0x102030 + index * 0x030507).toString(16).slice(-6)}`,
    tax: taxes[index % 2]?.id ?? null,
    active: true,
  }));
  const keyed = spread(
    products.filter((product) => !product.deleted && (product.parent ?? null) === null),
    625,
  );
  const set: FavouriteSetInfo = {
    id: "bench-set",
    name: benchSetName,
    active: true,
    tabs: Array.from({ length: 25 }, (_, tab) => ({
      name: `Tab ${tab + 1}`,
      index: tab,
      keys: keyed.slice(tab * 25, tab * 25 + 25).map((product, key) => ({
        type: "product",
        objectId: product.id,
        index: key + 1,
      })),
    })),
  };
  const kept = <T extends { id: string }>(values: readonly T[]) =>
    values.map((value) => ({ value, unusable: [] }));
  return { taxes: kept(taxes), groups: kept(groups), favourites: kept([set]) };
}
