// What a reading of a scan is made of: the plain types every reader of a code kind builds and the
// reading at the top (scan-reading.ts) puts together. A leaf: it imports no reader.
import type { Gs1Data } from "./gs1-application-identifiers.ts";

export const scanKinds = [
  "ean13",
  "ean8",
  "upca",
  "upce",
  "gtin14",
  "variable-measure",
  "gs1",
  "text",
] as const;
export type ScanKind = (typeof scanKinds)[number];

/** "none" when the code carries no check digit (free text, GS1 data without a GTIN or SSCC). */
export const checkDigitVerdicts = ["valid", "invalid", "none"] as const;
export type CheckDigitVerdict = (typeof checkDigitVerdicts)[number];

export const scanProblemKinds = ["empty", "invalid-check-digit", "malformed-gs1", "malformed-code"] as const;
export type ScanProblemKind = (typeof scanProblemKinds)[number];

export interface ScanProblem {
  kind: ScanProblemKind;
  /** For the cashier: what went wrong and what to do. */
  message: string;
}

export interface ScanReading {
  kind: ScanKind;
  /** The code after cleaning up what the scanner added; GS1 separators are ASCII 29. */
  normalised: string;
  /** The AIM symbology identifier the scanner sent, e.g. "]E0", or null. */
  symbologyId: string | null;
  /** Catalog keys to try in order (already catalogKey'd); the last is the code as scanned. */
  searchKeys: string[];
  checkDigit: CheckDigitVerdict;
  /** From a weight scale label or GS1 (310n) / (320n). Kilograms win when both are present. */
  weight: { value: number; unit: "kg" | "lb" } | null;
  /** From a price scale label or GS1 (392n) / (393n); null currency means the product's own. */
  price: { value: number; currencyNumeric: string | null } | null;
  /** From a discount scale label, in the product's currency units. */
  discount: { value: number } | null;
  gs1: Gs1Data | null;
  problem: ScanProblem | null;
}
