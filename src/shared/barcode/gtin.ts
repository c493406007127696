// GTIN arithmetic shared by the barcode reader, the catalog index and the demo catalog generator.

/** The GS1 mod-10 check digit for the digits that precede it (weights 3,1,3,... from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Appends the GS1 check digit to a run of digits. */
export function withCheckDigit(body: string): string {
  return body + gs1CheckDigit(body);
}

/** True for an EAN-8, UPC-A, EAN-13 or GTIN-14 whose last digit is its correct check digit. */
export function hasValidCheckDigit(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/**
 * The key a code is indexed and looked up under. UPC-A (12 digits), its EAN-13 form with a leading 0
 * and a GTIN-14 with indicator 0 are one number written three ways, so all of them become 13 digits.
 */
export function catalogKey(code: string): string {
  const trimmed = code.trim();
  if (/^\d{12}$/.test(trimmed)) return `0${trimmed}`;
  if (/^0\d{13}$/.test(trimmed)) return trimmed.slice(1);
  return trimmed;
}

/**
 * The catalog keys a GTIN is found under: its catalogKey and, when it is a GTIN-8 padded with zeros
 * (GS1 element strings always carry 14 digits), also the bare 8 digits, since catalogKey keeps
 * an EAN-8 at 8 digits.
 */
export function gtinSearchKeys(gtin: string): string[] {
  const padded = gtin.padStart(14, "0");
  if (gtin.length > 8 && padded.startsWith("000000")) return [catalogKey(gtin), padded.slice(6)];
  return [catalogKey(gtin)];
}
