// Counter keys for the screen tests, built through the real schemas from the fixtures' products and
// priced by the real price rule: a favourite set of three tabs (a key of each kind: plain, price
// entry, variant parent, a group, one inactive, one to a product the catalog lacks, a gap), a group
// of 30 products paged 25 at a time by cursor, and the same group as the tabs of a till without a set.
import type { Product } from "../../../src/shared/api/product.ts";
import {
  type CounterKey,
  type CounterKeys,
  counterKeysSchema,
  type GroupKeys,
  groupKeysSchema,
  keysPerPage,
} from "../../../src/shared/catalog/counter-keys.ts";
import { resolvePrice } from "../../../src/shared/catalog/price-rule.ts";
import { apples, fixturePrices, milk, product, retired, shirt } from "./catalog-fixtures.ts";

export const bakery = { id: "group-bakery", name: "Bakery", color: "#C8811A" };

/** Thirty breads, "Bread 01" to "Bread 30": alphabetical is their order. */
export const breads: Product[] = Array.from({ length: 30 }, (_, index) =>
  product(
    {
      id: `bread-${index + 1}`,
      name: `Bread ${String(index + 1).padStart(2, "0")}`,
      product_group: bakery.id,
    },
    [1 + index / 10, 1.07 + index / 10, "EUR"],
  ),
);

function productKey(position: number, item: Product, fields: Partial<CounterKey> = {}): CounterKey {
  return {
    position,
    kind: "product",
    id: item.id,
    name: item.name,
    price: resolvePrice(item.prices, fixturePrices),
    picture: null,
    color: null,
    variantParent: item.type === "variant_product",
    priceEntry: false,
    disabled: item.active ? null : { kind: "inactive", message: "This product is inactive." },
    ...fields,
  };
}

const missing: CounterKey = {
  ...productKey(5, milk),
  id: "gone",
  name: null,
  price: null,
  disabled: { kind: "missing", message: "This key's product is not in the catalog on this till." },
};

const favouriteTabs: { name: string; keys: CounterKey[] }[] = [
  {
    name: "Dairy",
    keys: [
      productKey(1, milk, { color: "#90CAF9" }),
      productKey(2, apples, { priceEntry: true }),
      productKey(3, retired),
      missing,
    ],
  },
  {
    name: "Shirts",
    keys: [
      productKey(1, shirt),
      {
        ...productKey(2, milk),
        kind: "group",
        id: bakery.id,
        name: bakery.name,
        price: null,
        color: bakery.color,
      },
    ],
  },
  { name: "Empty", keys: [] },
];

/** A page of the group's products from a cursor (the index of the page's first, as a string). */
export function groupPage(group: string, after: string | null): GroupKeys {
  const start = after === null ? 0 : Number(after);
  const held = group === bakery.id ? breads : [];
  const keys = held.slice(start, start + keysPerPage).map((item, index) => productKey(index + 1, item));
  const next = start + keysPerPage < held.length ? String(start + keysPerPage) : null;
  return groupKeysSchema.parse({
    group: group === bakery.id ? bakery : { id: group, name: null, color: null },
    keys,
    next,
    total: held.length,
  });
}

const drinksTabs = [{ name: "Cold", keys: [productKey(1, milk)] }];

/**
 * What the catalog answers for a tab: the favourite set's (the "Counter" set, or the "Drinks" set
 * when asked for by name), the groups' when it holds no set, or nothing.
 */
export function keysAnswer(kind: "favourites" | "groups" | "none", asked = 0, setName?: string): CounterKeys {
  const sets = [
    { id: "set-counter", name: "Counter" },
    { id: "set-drinks", name: "Drinks" },
  ];
  if (kind === "none")
    return counterKeysSchema.parse({
      ...{ source: "groups", set: null, chosenBy: null, notice: null, sets: [] },
      ...{ tabs: [], tab: null, keys: [], next: null },
    });
  if (kind === "groups") {
    const { keys, next } = groupPage(bakery.id, null);
    const tabs = [{ name: bakery.name, group: bakery.id, keys: breads.length }];
    return counterKeysSchema.parse({
      ...{ source: "groups", set: null, chosenBy: null, notice: null, sets: [] },
      ...{ tabs, tab: 0, keys, next },
    });
  }
  const drinks = setName === "Drinks";
  const tabs = drinks ? drinksTabs : favouriteTabs;
  const tab = asked < tabs.length ? asked : 0;
  return counterKeysSchema.parse({
    set: sets[drinks ? 1 : 0],
    ...{ source: "favourites", chosenBy: drinks ? "asked" : "branch-default", notice: null, sets },
    tabs: tabs.map(({ name, keys }) => ({ name, group: null, keys: keys.length })),
    tab,
    keys: tabs[tab]?.keys ?? [],
    next: null,
  });
}
