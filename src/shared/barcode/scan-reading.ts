// The one entry point for a scan or a typed code: what it is and which catalog keys to try.
//   const reading = readScan(input);
//   for (const key of reading.searchKeys) { ... }
// The reading is plain JSON, so the CLI can print it and IPC can carry it as is.
import { GROUP_SEPARATOR } from "./gs1-element-string.ts";
import { readGs1Meaning } from "./gs1-meaning.ts";
import { catalogKey } from "./gtin.ts";
import { normaliseScan } from "./normalise-scan.ts";
import { readRetailCode, retailCodeLengths } from "./retail-code.ts";
import { plainMeaning, type ScanMeaning } from "./scan-meaning.ts";
import { defaultScanOptions, type ScanOptions } from "./scan-options.ts";
import { emptyScan, malformedCode } from "./scan-problem.ts";
import type { ScanReading } from "./scan-types.ts";
import { type SymbologyHint, symbologyHint } from "./symbology-hint.ts";

export type { ScanOptions } from "./scan-options.ts";
export * from "./scan-types.ts";

/**
 * Reads raw scanner input; today decides the century of GS1 dates. `symbologyId` is the AIM
 * identifier a source reported beside the code (a camera's decoder, a serial line's prefix); without
 * it, one in front of the code is read.
 */
export function readScan(
  raw: string,
  options: ScanOptions = defaultScanOptions,
  today = new Date(),
  symbologyId: string | null = null,
): ScanReading {
  const normalised = normaliseScan(raw, options);
  const id = symbologyId ?? normalised.symbologyId;
  const { text } = normalised;
  return { normalised: text, symbologyId: id, ...meaningOf(text, symbologyHint(id), options, today) };
}

function meaningOf(text: string, hint: SymbologyHint, options: ScanOptions, today: Date): ScanMeaning {
  if (text === "") return { ...plainMeaning("text", "none", []), problem: emptyScan() };
  if (hint === "gs1" || (hint === null && looksLikeGs1(text))) return readGs1Meaning(text, today);
  if (/^\d+$/.test(text) && retailCodeLengths(hint).includes(text.length)) {
    return readRetailCode(text, hint, options.scaleRules);
  }
  const asText = plainMeaning("text", "none", [catalogKey(text)]);
  if (hint === "ean13-upc") return { ...asText, problem: malformedCode(text, "an EAN-13 or UPC") };
  if (hint === "ean8") return { ...asText, problem: malformedCode(text, "an EAN-8") };
  return asText;
}

// Without a symbology identifier, GS1 data shows itself by brackets, a group separator, or a
// GTIN or SSCC element at the start (a bare code is never that long with those first digits).
function looksLikeGs1(text: string): boolean {
  return /^\(\d+\)/.test(text) || text.includes(GROUP_SEPARATOR) || /^(0[12]\d{14}|00\d{18})/.test(text);
}
