// AIM symbology identifiers (ISO/IEC 15424): "]", a symbology letter and a modifier, which a scanner
// can send before each code. They tell a GS1 element string from a plain number with certainty.

/** What an identifier names; "other" for a well-formed identifier this till has no use for. */
export type AimSymbology =
  | "ean13-upc"
  | "ean8"
  | "gs1-128"
  | "gs1-databar"
  | "gs1-datamatrix"
  | "qr"
  | "gs1-qr"
  | "other";

const known = new Map<string, AimSymbology>([
  ["]E0", "ean13-upc"], // EAN-13, UPC-A and UPC-E
  ["]E4", "ean8"],
  ["]C1", "gs1-128"],
  ["]e0", "gs1-databar"],
  ["]d2", "gs1-datamatrix"],
  ["]Q1", "qr"],
  ["]Q3", "gs1-qr"],
]);

/** "]" then a symbology letter then a modifier character. */
const identifierPattern = /^\][A-Za-z][0-9A-Za-z]$/;

export function isAimIdentifier(text: string): boolean {
  return identifierPattern.test(text);
}

/** The identifier at the start of text, split off; null when there is none. */
export function splitAimIdentifier(text: string): { id: string | null; data: string } {
  const id = text.slice(0, 3);
  return isAimIdentifier(id) ? { id, data: text.slice(3) } : { id: null, data: text };
}

/** What the identifier names; null for no identifier. */
export function aimSymbology(id: string | null): AimSymbology | null {
  if (id === null) return null;
  return known.get(id) ?? "other";
}
