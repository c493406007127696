// The demo's two favourite sets, a bakery counter's and a drinks counter's: tabs of keys to the counter
// goods of the sale cases (demo-counter-cases.ts) by their ids in a catalog of this seed, to variant
// parents, to whole product groups, to a cake whose price is asked for, to a product the shop no longer
// sells, and to one the catalog lacks. Berlin Mitte shows the bakery set by default (demo-branches.ts).

import { createRandom } from "../faults/seeded-random.ts";
import { type FavouriteRecord, favouriteDefaults } from "../http/favourite-records.ts";
import { demoFavouriteSetIds } from "./demo-favourite-ids.ts";
import { type DemoGroupKey, demoGroupId } from "./demo-product-groups.ts";
import { demoSaleCaseIds } from "./demo-sale-cases.ts";

/** A key: a sale case by its key, or a whole group. */
type KeySpec = { product: string } | { group: DemoGroupKey };

interface TabSpec {
  name: string;
  /** Keys by their order_index; a gap leaves a place of the grid empty. */
  keys: Record<number, KeySpec>;
}

const bakeryTabs: TabSpec[] = [
  {
    name: "Brötchen",
    keys: {
      1: { product: "roll" },
      2: { product: "ryeRoll" },
      3: { product: "pretzel" },
      4: { product: "croissant" },
      5: { product: "bread" },
    },
  },
  {
    name: "Kuchen & Süßes",
    keys: {
      1: { product: "cake" },
      2: { product: "croissant:Schoko" },
      3: { product: "chocolate" },
      6: { group: "sweets" },
    },
  },
  {
    name: "Kaffee",
    keys: { 1: { product: "coffeeToGo" }, 2: { product: "espresso" }, 3: { product: "cappuccino" } },
  },
  {
    name: "Sortiment",
    keys: {
      1: { group: "bakery" },
      2: { group: "dairy" },
      3: { product: "missing" },
      4: { product: "display" },
    },
  },
];

const drinksTabs: TabSpec[] = [
  {
    name: "Kaffee",
    keys: { 1: { product: "coffeeToGo" }, 2: { product: "espresso" }, 3: { product: "cappuccino" } },
  },
  {
    name: "Kalt",
    keys: {
      1: { product: "cola" },
      2: { product: "juice" },
      3: { product: "appleJuice" },
      4: { group: "softDrinks" },
    },
  },
  { name: "Bier & Wein", keys: { 1: { product: "beerCrate" }, 2: { group: "beerWine" } } },
  {
    name: "Pfand",
    keys: { 1: { product: "deposit" }, 2: { product: "glassDeposit" }, 3: { product: "crateDeposit" } },
  },
];

export const demoFavouriteSetNames = { bakery: "Bäckertheke", drinks: "Getränketheke" } as const;

/** The two sets of the demo account whose catalog has this seed, dated `nowMs`. */
export function demoFavourites(seed: number, nowMs: number): FavouriteRecord[] {
  const ids = demoSaleCaseIds(seed);
  // A stream of its own for the client ids, so nothing else the seed gives changes.
  const random = createRandom(seed ^ 0xfa70);
  const at = new Date(nowMs).toISOString();
  const set = (which: "bakery" | "drinks", tabs: TabSpec[]): FavouriteRecord => ({
    id: demoFavouriteSetIds[which],
    created_at: at,
    updated_at: at,
    ...favouriteDefaults,
    name: demoFavouriteSetNames[which],
    client_id: random.uuid(),
    tabs: tabs.map((tab, index) => ({
      name: tab.name,
      client_id: random.uuid(),
      order_index: index,
      items: Object.entries(tab.keys).map(([place, key]) => ({
        type: "product" in key ? "product" : "product_group",
        object_id: "product" in key ? idOf(ids, key.product) : demoGroupId(key.group),
        order_index: Number(place),
        client_id: random.uuid(),
      })),
    })),
  });
  return [set("bakery", bakeryTabs), set("drinks", drinksTabs)];
}

function idOf(ids: Readonly<Record<string, string>>, key: string): string {
  const id = ids[key];
  if (id === undefined) throw new RangeError(`no demo sale case ${key}`);
  return id;
}
