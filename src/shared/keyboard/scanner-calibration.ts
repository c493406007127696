// Calibration by scanning: the settings screen shows a setup barcode holding digits, capitals, small
// letters and the symbols that sit on different keys from one layout to the next. The keys a scan of
// it pressed are read through each layout in turn; the one that gives the setup text back is the
// layout the scanner emulates, and whatever came before or after it is the scanner's prefix or suffix.
import { type Keystroke, layoutIds, readKeystrokes, type ScannerLayout } from "./keystroke-reading.ts";

/**
 * Only characters every known layout types without AltGr or a dead key, so a scanner emulating any
 * of them can send it; it holds each key that moves between layouts (the digit row, A/Q, W/Z, Y/Z,
 * M, and the symbols).
 */
export const setupCode = "KBD1 0123456789 AQWZYM aqwzym -./_+%:*!?=()&,;'\"";

export interface Calibration {
  layout: ScannerLayout;
  prefix: string;
  suffix: string;
}

/** What a scan of the setup code says about the scanner, or null when the scan is not of it. */
export function calibrationOf(strokes: readonly Keystroke[]): Calibration | null {
  // A named layout first: it reads every key the same way on any computer.
  for (const layout of [...layoutIds, "this-computer"] as const) {
    // Strict: a layout with nothing on a key the scan pressed is not the scanner's.
    const text = readKeystrokes(strokes, layout, true);
    const at = text.indexOf(setupCode);
    if (at >= 0) return { layout, prefix: text.slice(0, at), suffix: text.slice(at + setupCode.length) };
  }
  return null;
}
