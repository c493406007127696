// What a bakery and a drinks counter sell by touch rather than by scan: rolls without a barcode, two
// variant families (croissants by kind, coffee to go by size) and a cake whose price the cashier
// enters. The demo's favourite sets (demo-favourites.ts) put them on keys.
import { askPrice, type CaseSpec } from "./demo-case-spec.ts";

const bakery = { vat: 7, group: "bakery" } as const;
const hot = { vat: 19, group: "hotDrinks" } as const;

/** The children of the case `parent`, named as the stock's variants are: its name, then the value. */
function variants(
  parent: Pick<CaseSpec, "key" | "name" | "vat" | "group">,
  option: string,
  values: [string, number][],
): CaseSpec[] {
  return values.map(([value, cents]) => ({
    key: `${parent.key}:${value}`,
    name: `${parent.name} ${value}`,
    type: "variant",
    cents,
    vat: parent.vat,
    group: parent.group,
    parent: parent.key,
    attributes: { [option]: value },
  }));
}

const croissants: [string, number][] = [
  ["Butter", 140],
  ["Schoko", 165],
  ["Mandel", 175],
];
const coffeeSizes: [string, number][] = [
  ["0,2 l", 220],
  ["0,3 l", 250],
  ["0,4 l", 290],
];

export const counterCases: CaseSpec[] = [
  { key: "roll", name: "Weizenbrötchen", type: "product", cents: 45, ...bakery, scanned: false },
  { key: "ryeRoll", name: "Roggenbrötchen", type: "product", cents: 55, ...bakery, scanned: false },
  { key: "pretzel", name: "Laugenbrezel", type: "product", cents: 85, ...bakery, scanned: false },
  { key: "bread", name: "Bauernbrot 1 kg", type: "product", cents: 429, ...bakery },
  {
    key: "cake",
    name: "Kuchen nach Wahl, Stück",
    type: "product",
    cents: 280,
    ...bakery,
    scanned: false,
    fields: { configuration: askPrice(false) },
  },
  {
    key: "croissant",
    name: "Croissant",
    type: "variant_product",
    cents: 140,
    ...bakery,
    scanned: false,
    options: [{ Sorte: croissants.map(([value]) => value) }],
  },
  ...variants({ key: "croissant", name: "Croissant", ...bakery }, "Sorte", croissants),
  { key: "espresso", name: "Espresso", type: "product", cents: 190, ...hot, scanned: false },
  { key: "cappuccino", name: "Cappuccino", type: "product", cents: 320, ...hot, scanned: false },
  {
    key: "coffeeToGo",
    name: "Kaffee to go",
    type: "variant_product",
    cents: 220,
    ...hot,
    scanned: false,
    options: [{ Größe: coffeeSizes.map(([value]) => value) }],
  },
  ...variants({ key: "coffeeToGo", name: "Kaffee to go", ...hot }, "Größe", coffeeSizes),
];
