// The GS1 application identifiers (AIs) a till needs: what each one's data looks like and where its
// value goes. Lengths and character sets follow the GS1 General Specifications' AI table.

import { readGs1Date } from "./gs1-date.ts";
import { gs1CheckDigit } from "./gtin.ts";

/** Everything understood from a GS1 element string; a field is present only when its AI was. */
export interface Gs1Data {
  sscc?: string; // (00) serial shipping container code
  gtin?: string; // (01) the trade item
  containedGtin?: string; // (02) the trade items inside a logistic unit
  batch?: string; // (10) batch or lot
  serial?: string; // (21)
  productionDate?: string; // (11) ISO date
  packagingDate?: string; // (13)
  bestBeforeDate?: string; // (15)
  expiryDate?: string; // (17)
  variableCount?: number; // (30) count of a variable-measure item
  count?: number; // (37) count of trade items in a logistic unit
  netWeightKg?: number; // (310n)
  netWeightLb?: number; // (320n)
  price?: number; // (392n) in the local currency, or (393n) in priceCurrencyNumeric
  priceCurrencyNumeric?: string; // (393n) ISO 4217 numeric code, e.g. "978" for euro
}

/** Why an element string could not be read, in words a cashier can pass on. */
export interface Gs1Failure {
  reason: string;
  badCheckDigit: boolean;
}

/** A decoded value to merge into Gs1Data, or why the data does not make sense. */
export type Decoded = Partial<Gs1Data> | Gs1Failure;

export function gs1Failure(reason: string, badCheckDigit = false): Gs1Failure {
  return { reason, badCheckDigit };
}

export interface AiDefinition {
  /** Exact length of a predefined-length field; maximum length of a variable one. */
  length: number;
  /** Predefined-length fields need no separator after them; the others end at a GS or the end. */
  fixedLength: boolean;
  minLength: number;
  charset: "digits" | "cset82";
  decode(value: string, today: Date): Decoded;
}

function fixedDigits(length: number, decode: AiDefinition["decode"]): AiDefinition {
  return { length, fixedLength: true, minLength: length, charset: "digits", decode };
}

function variable(
  length: number,
  charset: AiDefinition["charset"],
  decode: AiDefinition["decode"],
  minLength = 1,
): AiDefinition {
  return { length, fixedLength: false, minLength, charset, decode };
}

function key(field: "sscc" | "gtin" | "containedGtin"): AiDefinition["decode"] {
  return (value) =>
    hasGs1CheckDigit(value) ? { [field]: value } : gs1Failure(`the check digit of ${value} is wrong`, true);
}

function hasGs1CheckDigit(value: string): boolean {
  // Not hasValidCheckDigit: an SSCC has 18 digits, which it does not accept.
  return gs1CheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

function date(
  field: "productionDate" | "packagingDate" | "bestBeforeDate" | "expiryDate",
): AiDefinition["decode"] {
  return (value, today) => {
    const result = readGs1Date(value, today);
    return "date" in result ? { [field]: result.date } : gs1Failure(result.reason);
  };
}

function decimal(digits: string, decimals: number): number {
  return Number(digits) / 10 ** decimals;
}

const definitions = new Map<string, AiDefinition>([
  ["00", fixedDigits(18, key("sscc"))],
  ["01", fixedDigits(14, key("gtin"))],
  ["02", fixedDigits(14, key("containedGtin"))],
  ["10", variable(20, "cset82", (value) => ({ batch: value }))],
  ["11", fixedDigits(6, date("productionDate"))],
  ["13", fixedDigits(6, date("packagingDate"))],
  ["15", fixedDigits(6, date("bestBeforeDate"))],
  ["17", fixedDigits(6, date("expiryDate"))],
  ["21", variable(20, "cset82", (value) => ({ serial: value }))],
  ["30", variable(8, "digits", (value) => ({ variableCount: Number(value) }))],
  ["37", variable(8, "digits", (value) => ({ count: Number(value) }))],
]);
// In the four-digit AIs below the last digit is the number of decimals in the value.
for (let n = 0; n <= 5; n++) {
  definitions.set(
    `310${n}`,
    fixedDigits(6, (value) => ({ netWeightKg: decimal(value, n) })),
  );
  definitions.set(
    `320${n}`,
    fixedDigits(6, (value) => ({ netWeightLb: decimal(value, n) })),
  );
}
for (let n = 0; n <= 9; n++) {
  definitions.set(
    `392${n}`,
    variable(15, "digits", (value) => ({ price: decimal(value, n) })),
  );
  definitions.set(
    `393${n}`,
    variable(
      18,
      "digits",
      (value) => ({ priceCurrencyNumeric: value.slice(0, 3), price: decimal(value.slice(3), n) }),
      4,
    ),
  );
}

/** The definition of an AI this till understands, or undefined. */
export function aiDefinition(ai: string): AiDefinition | undefined {
  return definitions.get(ai);
}
