// A code the camera read in one frame, as the decoder worker hands it over: the text, and the AIM
// symbology identifier ZXing reports ("]E0" EAN/UPC, "]C1" GS1-128, "]d2" GS1 DataMatrix, "]Q1" QR),
// which tells a GS1 element string from a plain number with certainty.
export interface CameraCode {
  text: string;
  symbologyId: string;
}

/** One key per code: the same digits in another symbology are another code. */
export function codeKey(code: CameraCode): string {
  return `${code.symbologyId} ${code.text}`;
}
