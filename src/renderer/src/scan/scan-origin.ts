// Where a scan came from and what its source said about it: the keyboard wedge (or a typed code),
// the camera, or a serial scanner, with the AIM symbology identifier the source reported, if any.
import type { ScanSource } from "../../../shared/barcode/scan-source.ts";

export interface ScanOrigin {
  source: ScanSource;
  /** e.g. "]C1" from a camera's decoder or a serial scanner's prefix; null when none was given. */
  symbology: string | null;
}

/** A code from the keyboard wedge or typed by hand: any identifier is in the code itself. */
export const typedScan: ScanOrigin = { source: "keyboard", symbology: null };
