// A code the camera read in one frame, as the decoder worker hands it over: the text, and the AIM
// symbology identifier ZXing reports ("]E0" EAN/UPC, "]C1" GS1-128, "]d2" GS1 DataMatrix, "]Q1" QR),
// which tells a GS1 element string from a plain number with certainty.
export interface CameraCode {
  text: string;
  symbologyId: string;
}

/** A point in a frame, in pixels from its top left corner. */
export interface FramePoint {
  x: number;
  y: number;
}

/**
 * One code read in one frame and where: the corners ZXing reports, in the symbol's own reading
 * order (top left, top right, bottom right, bottom left as the symbol reads, whatever its tilt).
 * For a barcode read along a few rows of pixels, top and bottom are those rows, and the sides
 * follow its bars.
 */
export interface CameraReading {
  code: CameraCode;
  corners: readonly [FramePoint, FramePoint, FramePoint, FramePoint];
  /** On how many rows of pixels ZXing read it (a barcode; a matrix code reads on none or one). */
  rows: number;
}

/** One key per code: the same digits in another symbology are another code. */
export function codeKey(code: CameraCode): string {
  return `${code.symbologyId} ${code.text}`;
}
