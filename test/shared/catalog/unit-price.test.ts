// The unit price rule as a table: the pack size from the record's content attribute, else from the
// size ending the name (German and Italian shelves' ways of writing it), never from other words;
// per 1 kg / 1 l / 1 m, or per 100 g / 100 ml where the rule asks; rounded as a shelf shows it.
import { describe, expect, it } from "vitest";
import {
  packSizeOf,
  ruleOfCountry,
  type UnitPriceRule,
  unitPriceOf,
} from "../../../src/shared/catalog/unit-price.ts";

type Case = [
  what: string,
  record: { name: string; custom_properties?: unknown },
  price: number,
  rule: UnitPriceRule,
  expected: string | null,
];

const cases: Case[] = [
  ["grams", { name: "Kaffee gemahlen 500 g" }, 5.99, "per-kg", "11.98 EUR / 1 kg"],
  ["grams without a space", { name: "Haselnüsse 200g" }, 2.49, "per-kg", "12.45 EUR / 1 kg"],
  ["kilograms", { name: "Zucker 1 kg" }, 1.29, "per-kg", "1.29 EUR / 1 kg"],
  ["a German decimal comma", { name: "Kartoffeln festkochend 2,5 kg" }, 3.49, "per-kg", "1.40 EUR / 1 kg"],
  ["litres with a comma", { name: "Riesling trocken 0,75 l" }, 6.99, "per-kg", "9.32 EUR / 1 l"],
  ["millilitres", { name: "Duschgel 250 ml" }, 1.95, "per-kg", "7.80 EUR / 1 l"],
  ["a six-pack with ×", { name: "Pils 6 × 0,33 l" }, 4.99, "per-kg", "2.52 EUR / 1 l"],
  ["a six-pack with x", { name: "Mineralwasser 6x1,5l" }, 3.54, "per-kg", "0.39 EUR / 1 l"],
  ["a capital L", { name: "Apfelsaft naturtrüb 1 L" }, 1.79, "per-kg", "1.79 EUR / 1 l"],
  ["a size in brackets", { name: "Joghurt mild (150 g)" }, 0.49, "per-kg", "3.27 EUR / 1 kg"],
  ["a thousands point before grams", { name: "Mehl Type 405 1.000 g" }, 0.99, "per-kg", "0.99 EUR / 1 kg"],
  ["metres", { name: "Geschenkband 25 m" }, 2.5, "per-kg", "0.10 EUR / 1 m"],
  ["Italian grams (gr)", { name: "Pasta di semola Spaghetti 500 gr" }, 1.29, "per-kg", "2.58 EUR / 1 kg"],
  ["Italian litres (lt)", { name: "Olio extravergine di oliva 1 lt" }, 8.9, "per-kg", "8.90 EUR / 1 l"],
  ["Italian centilitres", { name: "Vino rosso Chianti 75 cl" }, 7.5, "per-kg", "10.00 EUR / 1 l"],
  ["Italian decimal comma", { name: "Passata di pomodoro 0,7 l" }, 1.19, "per-kg", "1.70 EUR / 1 l"],
  ["Italian multipack", { name: "Acqua minerale 6 x 1,5 lt" }, 2.1, "per-kg", "0.23 EUR / 1 l"],
  ["Italian decilitres", { name: "Grappa 5 dl" }, 14.9, "per-kg", "29.80 EUR / 1 l"],
  ["pieces (German)", { name: "Eier Freilandhaltung 10 Stück" }, 2.99, "per-kg", null],
  ["pieces (Italian)", { name: "Uova fresche 6 pz" }, 1.99, "per-kg", null],
  ["a size not at the end", { name: "Sahne 200 ml Becher" }, 0.89, "per-kg", null],
  ["no size at all", { name: "Roggenbrot" }, 2.49, "per-kg", null],
  ["a number that is not a size", { name: "iPhone Hülle 15 Pro" }, 19.99, "per-kg", null],
  ["a tablet's dose is no pack size", { name: "Vitamin C 500 mg" }, 3.99, "per-kg", null],
  ["a drill's size is no pack size", { name: "Holzbohrer 8 mm" }, 2.99, "per-kg", null],
  [
    "the content attribute wins over the name",
    { name: "Kaffee Crema 1 kg", custom_properties: { content: "500 g" } },
    5.99,
    "per-kg",
    "11.98 EUR / 1 kg",
  ],
  [
    "the content attribute without a size in the name",
    { name: "Bio-Hafermilch", custom_properties: { content: "1 l" } },
    1.99,
    "per-kg",
    "1.99 EUR / 1 l",
  ],
  [
    "an unreadable content attribute falls back to the name",
    { name: "Quark 250 g", custom_properties: { content: "ein Becher" } },
    0.79,
    "per-kg",
    "3.16 EUR / 1 kg",
  ],
  ["100 g where the rule asks for it", { name: "Schokolade 100 g" }, 1.49, "per-100", "1.49 EUR / 100 g"],
  ["100 ml where the rule asks for it", { name: "Olivenöl 0,5 l" }, 6.49, "per-100", "1.30 EUR / 100 ml"],
  [
    "a small pack under the 250 g rule",
    { name: "Pfeffer schwarz 50 g" },
    1.99,
    "per-100-up-to-250",
    "3.98 EUR / 100 g",
  ],
  ["a large pack under the 250 g rule", { name: "Reis 1 kg" }, 2.29, "per-100-up-to-250", "2.29 EUR / 1 kg"],
  ["half a cent rounds away from zero", { name: "Saft 0,4 l" }, 1.23, "per-kg", "3.08 EUR / 1 l"],
];

describe("the unit price a shelf label shows", () => {
  it.each(cases)("%s", (_what, record, price, rule, expected) => {
    const size = packSizeOf(record);
    const shown =
      size === null
        ? null
        : (() => {
            const unit = unitPriceOf({ amount: price, currency: "EUR" }, size, rule);
            return `${unit.amount.toFixed(2)} ${unit.currency} / ${unit.per}`;
          })();
    expect(shown).toBe(expected);
  });

  it("has at least 25 cases, German and Italian", () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  it("follows German rules by default and knows no country that asks otherwise unless set", () => {
    expect(ruleOfCountry("DE")).toBe("per-kg");
    expect(ruleOfCountry("it")).toBe("per-kg");
    expect(ruleOfCountry("XX")).toBe("per-kg");
  });

  it("keeps a pack's size as written for the label", () => {
    expect(packSizeOf({ name: "Pils 6 × 0,33 l" })).toEqual({
      dimension: "volume",
      quantity: 1980,
      text: "6 × 0,33 l",
    });
  });
});
