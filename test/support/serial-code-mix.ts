// Codes as serial scanners send them: EAN-13, UPC-A, EAN-8 and GS1 element strings, some with their
// AIM identifier in front, each ended by CR, LF or CRLF in turn.
import { withCheckDigit } from "../../src/shared/barcode/gtin.ts";

export interface SerialMixEntry {
  /** What the scanner sends, ending included. */
  line: string;
  /** What the till should hand on. */
  code: string;
  symbology: string | null;
}

const endings = ["\r", "\n", "\r\n"];

export function serialCodeMix(count: number): SerialMixEntry[] {
  return Array.from({ length: count }, (_, index) => {
    const serial = String(index).padStart(5, "0");
    const kind = index % 4;
    const code =
      kind === 0
        ? withCheckDigit(`4006381${serial}`)
        : kind === 1
          ? withCheckDigit(`03600${serial}0`)
          : kind === 2
            ? withCheckDigit(`96${serial}`)
            : `01${withCheckDigit(`0952123${serial}0`)}\x1d10LOT${index}`;
    const symbology = index % 3 === 0 ? null : (["]E0", "]E0", "]E4", "]C1"][kind] ?? null);
    const ending = endings[index % endings.length] ?? "\r";
    return { line: `${symbology ?? ""}${code}${ending}`, code, symbology };
  });
}
