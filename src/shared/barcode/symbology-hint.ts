// What an AIM symbology identifier says about the data behind it. Only the identifiers that
// narrow the reading matter here; any other one (a plain QR code's too) leaves the data to speak
// for itself.
import { aimSymbology } from "./aim-identifier.ts";

/** gs1: an element string; ean13-upc: EAN-13, UPC-A or UPC-E; ean8: EAN-8. */
export type SymbologyHint = "gs1" | "ean13-upc" | "ean8" | null;

export function symbologyHint(symbologyId: string | null): SymbologyHint {
  switch (aimSymbology(symbologyId)) {
    case "gs1-128":
    case "gs1-databar":
    case "gs1-datamatrix":
    case "gs1-qr":
      return "gs1";
    case "ean13-upc":
      return "ean13-upc";
    case "ean8":
      return "ean8";
    default:
      return null;
  }
}
