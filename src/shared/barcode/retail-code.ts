// The all-digit codes on retail goods: EAN-8, UPC-E, UPC-A, EAN-13 (scale labels among them) and
// GTIN-14, read for the keys the catalog holds them under.
import { catalogKey, gtinSearchKeys, hasValidCheckDigit } from "./gtin.ts";
import { readScaleLabel, type ScaleLabel, type ScaleRule, samePluBaseCodes } from "./scale-label.ts";
import { plainMeaning, type ScanMeaning } from "./scan-meaning.ts";
import { malformedCode, wrongCheckDigit } from "./scan-problem.ts";
import type { ScanKind } from "./scan-types.ts";
import type { SymbologyHint } from "./symbology-hint.ts";
import { expandUpcE } from "./upc-e.ts";

/** The lengths a retail code may have, given what the scanner said it read. */
export function retailCodeLengths(hint: SymbologyHint): number[] {
  if (hint === "ean8") return [8];
  if (hint === "ean13-upc") return [8, 12, 13];
  return [8, 12, 13, 14];
}

/** Reads a run of digits of one of the retailCodeLengths. */
export function readRetailCode(
  code: string,
  hint: SymbologyHint,
  scaleRules: readonly ScaleRule[],
): ScanMeaning {
  if (code.length === 8) return readEightDigits(code, hint);
  const kind = code.length === 12 ? "upca" : code.length === 13 ? "ean13" : "gtin14";
  if (!hasValidCheckDigit(code)) return invalidCheckDigit(kind, code);
  const label = readScaleLabel(code, scaleRules);
  if (label !== null) return scaleLabelMeaning(code, label, scaleRules);
  return plainMeaning(kind, "valid", gtinSearchKeys(code));
}

function invalidCheckDigit(kind: ScanKind, code: string): ScanMeaning {
  // Some catalogs hold codes with wrong check digits, so the code itself is still worth a lookup.
  return { ...plainMeaning(kind, "invalid", [catalogKey(code)]), problem: wrongCheckDigit(code) };
}

function scaleLabelMeaning(code: string, label: ScaleLabel, rules: readonly ScaleRule[]): ScanMeaning {
  const { rule, baseCode, value } = label;
  const bases = rule.kind === "discount" ? samePluBaseCodes(code, label, rules) : [baseCode];
  const meaning = plainMeaning("variable-measure", "valid", unique([...bases, code].map(catalogKey)));
  if (rule.kind === "weight") return { ...meaning, weight: { value, unit: "kg" } };
  if (rule.kind === "price") return { ...meaning, price: { value, currencyNumeric: null } };
  return { ...meaning, discount: { value } };
}

interface EightDigitReading {
  kind: "ean8" | "upce";
  key: string;
  valid: boolean;
}

// Eight digits are an EAN-8 or a UPC-E; each reading whose check digit holds is offered.
function readEightDigits(code: string, hint: SymbologyHint): ScanMeaning {
  const readings = eightDigitReadings(code, hint);
  const first = readings[0];
  if (first === undefined)
    return { ...plainMeaning("text", "none", [code]), problem: malformedCode(code, "a UPC-E") };
  const valid = readings.filter((reading) => reading.valid);
  const best = valid[0];
  if (best === undefined) return invalidCheckDigit(first.kind, code);
  return plainMeaning(best.kind, "valid", unique([...valid.map((reading) => reading.key), code]));
}

function eightDigitReadings(code: string, hint: SymbologyHint): EightDigitReading[] {
  const ean8: EightDigitReading = { kind: "ean8", key: code, valid: hasValidCheckDigit(code) };
  const upcA = expandUpcE(code);
  const upcE: EightDigitReading[] =
    upcA === null ? [] : [{ kind: "upce", key: catalogKey(upcA), valid: hasValidCheckDigit(upcA) }];
  if (hint === "ean8") return [ean8];
  if (hint === "ean13-upc") return upcE;
  // EAN-8 numbers starting with 0 are for in-store use only, so a leading 0 is most likely UPC-E.
  return code.startsWith("0") ? [...upcE, ean8] : [ean8, ...upcE];
}

function unique(keys: string[]): string[] {
  return [...new Set(keys)];
}
