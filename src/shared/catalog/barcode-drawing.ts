// A label's barcode as vector paths: bwip-js draws it as SVG (bars as stroked lines, the digits as
// filled outlines, so no font is needed), and this reads those paths back for whoever draws them,
// the PDF maker or the screen. bwip-js is passed in: the screens load it only when they need it.
import type { LabelFace } from "./shelf-labels.ts";

export interface BarcodePath {
  d: string;
  /** The stroke's width, for a bar; null for a filled outline (a digit). */
  stroke: number | null;
}

export interface BarcodeDrawing {
  /** The drawing's size in its own units (one unit: one module, the narrowest bar). */
  width: number;
  height: number;
  paths: BarcodePath[];
}

/** bwip-js's toSVG, as the node and browser builds both export it. */
export type ToSvg = (options: {
  bcid: string;
  text: string;
  includetext: boolean;
  height: number;
  scale: number;
  guardwhitespace?: boolean;
}) => string;

/** Bars this many millimetres tall at bwip-js's scale 1, a shelf label's usual truncated height. */
const barMillimetres = 12;

export function barcodeDrawing(toSvg: ToSvg, code: NonNullable<LabelFace["code"]>): BarcodeDrawing {
  const svg = toSvg({
    bcid: code.symbology,
    text: code.value,
    includetext: true,
    height: barMillimetres,
    scale: 1,
    // The ">" in the quiet zone after an EAN: it keeps the shelf's edge or the next text off it.
    guardwhitespace: code.symbology !== "upca",
  });
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/u.exec(svg);
  if (box === null) throw new Error("bwip-js drew no viewBox");
  const paths: BarcodePath[] = [];
  for (const [element] of svg.matchAll(/<path [^>]*\/>/gu)) {
    const d = /\sd="([^"]+)"/u.exec(element)?.[1];
    if (d === undefined) continue;
    const stroke = /stroke-width="([\d.]+)"/u.exec(element)?.[1];
    paths.push({ d, stroke: stroke === undefined ? null : Number(stroke) });
  }
  return { width: Number(box[1]), height: Number(box[2]), paths };
}
