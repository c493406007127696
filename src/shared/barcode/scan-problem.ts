// The words a cashier sees when a scan cannot be used as it is.
import type { ScanProblem } from "./scan-types.ts";

export function emptyScan(): ScanProblem {
  return { kind: "empty", message: "Nothing was scanned: scan the barcode again or type the code." };
}

export function wrongCheckDigit(code: string): ScanProblem {
  return {
    kind: "invalid-check-digit",
    message: `The check digit of ${code} is wrong: the label may be damaged; scan again or type the code.`,
  };
}

export function malformedGs1(reason: string): ScanProblem {
  return {
    kind: "malformed-gs1",
    message: `This GS1 barcode could not be read (${reason}): scan the product's own barcode or type the code.`,
  };
}

/** expected names the symbology with its article, e.g. "an EAN-8". */
export function malformedCode(text: string, expected: string): ScanProblem {
  return {
    kind: "malformed-code",
    message: `The scanner reported ${expected} barcode, but "${text}" is not one: scan again or type the code.`,
  };
}
