// What a label with a value inside (a scale label's weight, price or discount; GS1 weight or price)
// means for the till: the amount to charge, with its currency, worked out from the product found.
import { z } from "zod";
import type { ScanReading } from "../barcode/scan-reading.ts";
import { type Money, moneyOf, moneySchema, multiplyMoney } from "./money.ts";
import type { ResolvedPrice } from "./price-rule.ts";

const kilogramsPerPound = 0.45359237;

export const labelChargeSchema = z.object({
  kind: z.enum(["weight", "price", "discount"]),
  weight: z.object({ value: z.number(), unit: z.enum(["kg", "lb"]) }).nullable(),
  /** The product's price as resolved for this till, taken as the price of one kilogram for a weighed item. */
  unitPrice: moneySchema.extend({ per: z.literal("kg") }).nullable(),
  /**
   * What to charge for the item in hand: weight x unit price, or the price printed on the label;
   * null for a discount label, or when the product has no price.
   */
  charge: moneySchema.nullable(),
  /** A discount label's amount off, in the product's currency. */
  discount: moneySchema.nullable(),
});
export type LabelCharge = z.infer<typeof labelChargeSchema>;

/** null when the code carries no value (an ordinary barcode). */
export function labelCharge(code: ScanReading, resolved: ResolvedPrice | null): LabelCharge | null {
  const price = grossPrice(resolved);
  const currency = price?.currency ?? null;
  if (code.price !== null) {
    const labelCurrency = currencyOfNumeric(code.price.currencyNumeric) ?? currency;
    return {
      kind: "price",
      weight: code.weight,
      unitPrice: perKg(price),
      charge: labelCurrency === null ? null : moneyOf(code.price.value, labelCurrency),
      discount: null,
    };
  }
  if (code.weight !== null) {
    const kg = code.weight.unit === "kg" ? code.weight.value : code.weight.value * kilogramsPerPound;
    return {
      kind: "weight",
      weight: code.weight,
      unitPrice: perKg(price),
      charge: price === null ? null : multiplyMoney(price, kg),
      discount: null,
    };
  }
  if (code.discount !== null) {
    return {
      kind: "discount",
      weight: null,
      unitPrice: perKg(price),
      charge: null,
      discount: currency === null ? null : moneyOf(code.discount.value, currency),
    };
  }
  return null;
}

/** The gross price: what a customer pays. */
function grossPrice(resolved: ResolvedPrice | null): Money | null {
  const gross = resolved?.amount.gross;
  if (resolved === null || gross === null || gross === undefined) return null;
  return { amount: gross, currency: resolved.currency };
}

function perKg(price: Money | null): LabelCharge["unitPrice"] {
  return price === null ? null : { ...price, per: "kg" };
}

/** ISO 4217 numeric codes of the currencies European tills meet; GS1 (393n) prices carry these. */
const numericCurrencies: Record<string, string> = {
  "008": "ALL",
  "036": "AUD",
  "124": "CAD",
  "203": "CZK",
  "208": "DKK",
  "348": "HUF",
  "352": "ISK",
  "392": "JPY",
  "498": "MDL",
  "578": "NOK",
  "752": "SEK",
  "756": "CHF",
  "826": "GBP",
  "840": "USD",
  "941": "RSD",
  "946": "RON",
  "949": "TRY",
  "975": "BGN",
  "977": "BAM",
  "978": "EUR",
  "980": "UAH",
  "985": "PLN",
};

function currencyOfNumeric(numeric: string | null): string | null {
  if (numeric === null) return null;
  return numericCurrencies[numeric] ?? null;
}
