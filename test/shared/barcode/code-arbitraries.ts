// Generators of barcode digits shared by the property tests.
import fc from "fast-check";
import { withCheckDigit } from "../../../src/shared/barcode/gtin.ts";

export function digits(length: number): fc.Arbitrary<string> {
  return fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((ds) => ds.join(""));
}

/** A code of the given total length whose last digit is its correct GS1 check digit. */
export function validCode(length: number): fc.Arbitrary<string> {
  return digits(length - 1).map(withCheckDigit);
}

/** A valid code of one of the retail lengths (EAN-8, UPC-A, EAN-13, GTIN-14). */
export const retailCode = fc.constantFrom(8, 12, 13, 14).chain(validCode);
