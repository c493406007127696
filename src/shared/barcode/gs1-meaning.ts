// What a till takes from a GS1 element string: the GTIN to look up and the weight or price.
import type { Gs1Data } from "./gs1-application-identifiers.ts";
import { parseGs1ElementString } from "./gs1-element-string.ts";
import { catalogKey, gtinSearchKeys } from "./gtin.ts";
import { plainMeaning, type ScanMeaning } from "./scan-meaning.ts";
import { malformedGs1 } from "./scan-problem.ts";
import type { ScanReading } from "./scan-types.ts";

export function readGs1Meaning(text: string, today: Date): ScanMeaning {
  const verbatim = catalogKey(text);
  const result = parseGs1ElementString(text, today);
  if (!("data" in result)) {
    const verdict = result.badCheckDigit ? "invalid" : "none";
    return { ...plainMeaning("gs1", verdict, [verbatim]), problem: malformedGs1(result.reason) };
  }
  const { data } = result;
  // (01) names the item in hand; (02) the items inside a case, the next best thing to look up.
  const gtins = [data.gtin, data.containedGtin].filter((gtin) => gtin !== undefined);
  const searchKeys = [...new Set([...gtins.flatMap(gtinSearchKeys), verbatim])];
  const verdict = gtins.length > 0 || data.sscc !== undefined ? "valid" : "none";
  return {
    ...plainMeaning("gs1", verdict, searchKeys),
    weight: weightOf(data),
    price: priceOf(data),
    gs1: data,
  };
}

function weightOf(data: Gs1Data): ScanReading["weight"] {
  if (data.netWeightKg !== undefined) return { value: data.netWeightKg, unit: "kg" };
  if (data.netWeightLb !== undefined) return { value: data.netWeightLb, unit: "lb" };
  return null;
}

function priceOf(data: Gs1Data): ScanReading["price"] {
  if (data.price === undefined) return null;
  return { value: data.price, currencyNumeric: data.priceCurrencyNumeric ?? null };
}
