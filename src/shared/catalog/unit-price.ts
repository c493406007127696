// The unit price a shelf label shows beside the price (EU Price Indication Directive 98/6/EC; the
// German PAngV's Grundpreis): the pack's size read from the record's content attribute, else from a
// size that ends the product's name ("Milch 1 l", "Passata 6 × 0,7 l"), never guessed from other
// words. Pieces ("10 Stück", "6 pz") have none. Which reference quantity a country asks for is a
// rule: per 1 kg / 1 l / 1 m, or per 100 g / 100 ml for small packs or all packs.
import { z } from "zod";
import { currencyDecimals, type Money } from "./money.ts";

export type Dimension = "mass" | "volume" | "length";

/** A pack's size: its quantity in grams, millilitres or metres, and the text it was read from. */
export interface PackSize {
  dimension: Dimension;
  quantity: number;
  text: string;
}

export const unitPriceRules = ["per-kg", "per-100-up-to-250", "per-100"] as const;
export type UnitPriceRule = (typeof unitPriceRules)[number];

/**
 * The rule of each country the till knows: all of these ask for 1 kg, 1 l or 1 m (Germany since the
 * PAngV of 28 May 2022). Any other country takes the directive's units too; a shop whose law asks
 * for 100 g / 100 ml sets the rule itself (settings: shelfLabels.unitPriceRule).
 */
const countryRules: Record<string, UnitPriceRule> = {
  DE: "per-kg",
  AT: "per-kg",
  IT: "per-kg",
  FR: "per-kg",
  ES: "per-kg",
  NL: "per-kg",
  BE: "per-kg",
  PL: "per-kg",
};

/** The countries whose rule the till knows, for choosing one. */
export const knownCountries = Object.keys(countryRules);

export function ruleOfCountry(country: string): UnitPriceRule {
  return countryRules[country.toUpperCase()] ?? "per-kg";
}

export const unitPriceSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  per: z.enum(["1 kg", "100 g", "1 l", "100 ml", "1 m"]),
});
export type UnitPrice = z.infer<typeof unitPriceSchema>;

/** Units by how they are written (German, Italian, French and English shelves), to g, ml or m. */
const units: Record<string, { dimension: Dimension; factor: number }> = {
  kg: { dimension: "mass", factor: 1000 },
  g: { dimension: "mass", factor: 1 },
  gr: { dimension: "mass", factor: 1 },
  grammi: { dimension: "mass", factor: 1 },
  l: { dimension: "volume", factor: 1000 },
  lt: { dimension: "volume", factor: 1000 },
  ltr: { dimension: "volume", factor: 1000 },
  litri: { dimension: "volume", factor: 1000 },
  liter: { dimension: "volume", factor: 1000 },
  dl: { dimension: "volume", factor: 100 },
  cl: { dimension: "volume", factor: 10 },
  ml: { dimension: "volume", factor: 1 },
  // Metres only: "8 mm" or "500 mg" ending a name is a drill's or a tablet's size, not the pack's.
  m: { dimension: "length", factor: 1 },
};

const number = String.raw`\d+(?:[.,]\d+)?`;
// A size at the very end: "500 g", "0,75l", "6 x 0,33 l", "6×1,5 L", "(500 g)".
const sizeAtEnd = new RegExp(
  String.raw`(?:^|[\s(])((?:(\d+)\s*[x×*]\s*)?(${number})\s*([a-zA-Z]+)\.?)\)?\s*$`,
  "u",
);

/** The pack size a text ends with; null for pieces, a unit it does not know, or no size at all. */
export function sizeAtEndOf(text: string): PackSize | null {
  const found = sizeAtEnd.exec(text.trim());
  if (found === null) return null;
  const [, whole, count, amount, unitText] = found;
  const unit = units[(unitText ?? "").toLowerCase()];
  if (unit === undefined || whole === undefined || amount === undefined) return null;
  const each = readNumber(amount, unit.factor);
  const packs = count === undefined ? 1 : Number(count);
  if (!(each > 0) || !(packs > 0)) return null;
  return { dimension: unit.dimension, quantity: round6(packs * each * unit.factor), text: whole.trim() };
}

/**
 * "0,75" and "0.75" are decimals; "1.000" before grams or millilitres is a thousand written with a
 * thousands point (German, Italian), as no pack is weighed to the milligram.
 */
function readNumber(text: string, factor: number): number {
  if (/^\d{1,3}\.\d{3}$/u.test(text) && factor <= 1) return Number(text.replace(".", ""));
  return Number(text.replace(",", "."));
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * The size of a product's pack: its content attribute (`custom_properties.content`, e.g. "500 g")
 * where the record has a readable one, else the size that ends its name.
 */
export function packSizeOf(product: { name: string; custom_properties?: unknown }): PackSize | null {
  const properties = product.custom_properties;
  const content =
    typeof properties === "object" && properties !== null
      ? (properties as Record<string, unknown>).content
      : undefined;
  if (typeof content === "string") {
    const read = sizeAtEndOf(content);
    if (read !== null && read.text.length === content.trim().replace(/^\(|\)$/gu, "").length) return read;
  }
  return sizeAtEndOf(product.name);
}

/** The price per reference quantity, rounded as a shelf shows it (the currency's decimals, half away from zero). */
export function unitPriceOf(price: Money, size: PackSize, rule: UnitPriceRule): UnitPrice {
  const per = referenceOf(size, rule);
  const decimals = currencyDecimals(price.currency);
  const minor = (price.amount * 10 ** decimals * per.quantity) / size.quantity;
  // A tiny nudge: 1.99 / 0.5 in binary is a hair under 3.98 and must not round down.
  const rounded = Math.sign(minor) * Math.round(Math.abs(minor) + 1e-9);
  return { amount: rounded / 10 ** decimals, currency: price.currency, per: per.label };
}

function referenceOf(size: PackSize, rule: UnitPriceRule): { quantity: number; label: UnitPrice["per"] } {
  if (size.dimension === "length") return { quantity: 1, label: "1 m" };
  const small = rule === "per-100" || (rule === "per-100-up-to-250" && size.quantity <= 250);
  if (size.dimension === "mass")
    return small ? { quantity: 100, label: "100 g" } : { quantity: 1000, label: "1 kg" };
  return small ? { quantity: 100, label: "100 ml" } : { quantity: 1000, label: "1 l" };
}
