// The demo chain's product groups: what every demo product names in `product_group`, and what GET
// /api/v0/product_groups lists. Fixed ids, the same in every demo account, as the branches' are; each
// group's tax is the rate most of its products carry.
import { demoTaxId, type VatPercent } from "./demo-taxes.ts";

export type DemoGroupKey =
  | "bakery"
  | "hotDrinks"
  | "softDrinks"
  | "beerWine"
  | "produce"
  | "deli"
  | "dairy"
  | "sweets"
  | "textiles"
  | "household"
  | "vouchers"
  | "deposits";

interface DemoGroup {
  key: DemoGroupKey;
  id: string;
  /** The shop's own number for it. */
  number: string;
  name: string;
  color: string;
  vat: VatPercent;
}

export const demoProductGroups: readonly DemoGroup[] = [
  group("bakery", "01", "Backwaren", "#C8811A", 7),
  group("hotDrinks", "02", "Heißgetränke", "#6F4E37", 19),
  group("softDrinks", "03", "Erfrischungsgetränke", "#2E86C1", 19),
  group("beerWine", "04", "Bier & Wein", "#8E2043", 19),
  group("produce", "05", "Obst & Gemüse", "#43A047", 7),
  group("deli", "06", "Käse & Feinkost", "#F4C430", 7),
  group("dairy", "07", "Molkerei", "#90CAF9", 7),
  group("sweets", "08", "Süßwaren", "#E91E63", 7),
  group("textiles", "09", "Textilien", "#7D3C98", 19),
  group("household", "10", "Haushalt & Geschenke", "#78909C", 19),
  group("vouchers", "11", "Gutscheine", "#F39C12", 0),
  group("deposits", "12", "Pfand", "#B0BEC5", 19),
];

function group(key: DemoGroupKey, number: string, name: string, color: string, vat: VatPercent): DemoGroup {
  return { key, id: `6a7c0d4e-2b18-4f5a-9c3e-8d1b2f40${number}00`, number, name, color, vat };
}

/** The id of the demo group with this key. */
export function demoGroupId(key: DemoGroupKey): string {
  const found = demoProductGroups.find((candidate) => candidate.key === key);
  if (found === undefined) throw new RangeError(`no demo group ${key}`);
  return found.id;
}

/** A group as the service answers it: every key of the upstream's group record (it has no timestamps). */
export function productGroupRecord(group: DemoGroup): Record<string, unknown> {
  return {
    id: group.id,
    name: group.name,
    product_group_id: group.number,
    tax: demoTaxId(group.vat),
    active: true,
    account: null,
    takeaway_tax: null,
    takeaway_account: null,
    images: null,
    color: group.color,
  };
}
