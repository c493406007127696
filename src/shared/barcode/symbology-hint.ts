// What an AIM symbology identifier says about the data behind it. Only the identifiers that
// narrow the reading matter here; any other one leaves the data to speak for itself.

/** gs1: an element string; ean13-upc: EAN-13, UPC-A or UPC-E; ean8: EAN-8. */
export type SymbologyHint = "gs1" | "ean13-upc" | "ean8" | null;

const hints = new Map<string, SymbologyHint>([
  ["]C1", "gs1"], // GS1-128
  ["]e0", "gs1"], // GS1 DataBar
  ["]d2", "gs1"], // GS1 DataMatrix
  ["]Q3", "gs1"], // GS1 QR Code
  ["]E0", "ean13-upc"],
  ["]E4", "ean8"],
]);

export function symbologyHint(symbologyId: string | null): SymbologyHint {
  return symbologyId === null ? null : (hints.get(symbologyId) ?? null);
}
