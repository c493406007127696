// Codes of every kind a till scans, taken from the demo catalog as the service lists it, each with
// what the scan screen must say for it: EAN-13, UPC-A, EAN-8, a GS1
// element string with a separator, a code with letters, a linked product, a variant, and codes no
// product has.
import type { Product } from "../../src/shared/api/product.ts";
import { withCheckDigit } from "../../src/shared/barcode/gtin.ts";

export type ScanKind = "ean13" | "upca" | "ean8" | "gs1" | "letters" | "linked" | "variant" | "unknown";

export interface ScannedCode {
  kind: ScanKind;
  /** What the scanner sends, the GS1 separator as ASCII 29. */
  code: string;
  /** The product the screen must name; null: the screen must say the code was not found. */
  name: string | null;
}

const GS = "\x1d";

/** Every scannable code of the live, active records, by kind; at least `least` of each. */
export function scanMix(records: readonly Product[], least: number): Record<ScanKind, ScannedCode[]> {
  const live = records.filter((record) => record.active && record.barcode !== undefined);
  const byBarcode = (kind: ScanKind, test: (record: Product, barcode: string) => boolean) =>
    live
      .filter((record) => record.barcode !== null && test(record, record.barcode as string))
      .map((record) => ({ kind, code: record.barcode as string, name: record.name }));
  const ean13 = (barcode: string) => /^[3-9]\d{12}$/u.test(barcode);
  const fromCodes = (kind: ScanKind, type: string, code: (data: string) => string) =>
    live.flatMap((record) =>
      (record.codes ?? [])
        .filter((entry) => entry.type === type)
        .map((entry) => ({ kind, code: code(entry.data), name: record.name })),
    );
  const plain = byBarcode("ean13", (record, barcode) => record.type === "product" && ean13(barcode));
  const mix: Record<ScanKind, ScannedCode[]> = {
    ean13: plain,
    upca: byBarcode("upca", (record, barcode) => record.type === "product" && /^\d{12}$/u.test(barcode)),
    ean8: fromCodes("ean8", "ean8", (data) => data),
    gs1: plain.map((scan) => ({ ...scan, kind: "gs1", code: `010${scan.code}10LOT${GS}17271231` })),
    letters: fromCodes("letters", "code128", (data) => data),
    linked: byBarcode("linked", (record, barcode) => record.type === "linked_product" && ean13(barcode)),
    variant: byBarcode("variant", (record, barcode) => record.type === "variant" && ean13(barcode)),
    unknown: Array.from({ length: least }, (_, index) => ({
      kind: "unknown" as const,
      code: withCheckDigit(`99${String(index).padStart(10, "0")}`),
      name: null,
    })),
  };
  for (const [kind, codes] of Object.entries(mix)) {
    if (codes.length < least) throw new Error(`the demo catalog has only ${codes.length} ${kind} codes`);
  }
  return mix;
}
