// Which readings of one frame are not codes of their own, because they lie on another symbol read in
// the same frame:
// - part of a wider symbol: a tilted EAN-13 crossed by a few rows of pixels through its left half
//   alone reads as a valid UPC-E (about one EAN-13 in ten has such a left half); an EAN-8 can hide in
//   an EAN-13 or UPC-A the same way, and a partial GS1 DataBar or Code 128 in the whole one;
// - a weaker reading of the same symbol: as wide, but read on fewer rows of pixels (a tilted UPC-A
//   crossed at a slant misreads as another valid code on a few rows, while most rows read it right).
// A reading lies on a symbol when its middle is within the area that symbol's bars cover, taken from
// its corners: across the bars as wide as it reads, along them as far as the rows ZXing read it on,
// plus a tenth of its width around it. An EAN or UPC is taller than its rows often show (tilted, it
// reads only on a strip of rows): its bars are about three quarters of its width long, so along them
// it reaches half its width from its middle whatever the rows.
import type { CameraReading, FramePoint } from "./camera-code.ts";

export type CoverKind = "part-of-wider" | "weaker-reading";

/** Sides shorter than this many pixels give no direction (a reading along one or two rows). */
const shortestSidePx = 4;
/** The margin around a symbol, and how much wider than another a symbol must be to hold it. */
const tenth = 0.1;
/** The AIM identifier of EAN and UPC symbols (EAN-13, EAN-8, UPC-A, UPC-E). */
const eanOrUpc = "]E";

interface Extent {
  centre: FramePoint;
  /** Along the reading direction, unit length. */
  across: FramePoint;
  /** Along the bars, unit length. */
  along: FramePoint;
  width: number;
  rows: number;
  /** How far from its middle it reaches, across its bars and along them. */
  acrossReach: number;
  alongReach: number;
}

const minus = (a: FramePoint, b: FramePoint): FramePoint => ({ x: a.x - b.x, y: a.y - b.y });
const half = (a: FramePoint, b: FramePoint): FramePoint => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const length = (a: FramePoint): number => Math.hypot(a.x, a.y);
const unit = (a: FramePoint): FramePoint => ({ x: a.x / length(a), y: a.y / length(a) });

function extentOf({
  code,
  rows,
  corners: [topLeft, topRight, bottomRight, bottomLeft],
}: CameraReading): Extent {
  const reading = half(minus(topRight, topLeft), minus(bottomRight, bottomLeft));
  const side = half(minus(bottomLeft, topLeft), minus(bottomRight, topRight));
  const width = length(reading);
  const across = width > 0 ? unit(reading) : { x: 1, y: 0 };
  const along = length(side) >= shortestSidePx ? unit(side) : { x: -across.y, y: across.x };
  const margin = width * tenth;
  const rowsReach = length(side) / 2;
  return {
    centre: half(half(topLeft, topRight), half(bottomLeft, bottomRight)),
    across,
    along,
    width,
    rows,
    acrossReach: width / 2 + margin,
    alongReach: (code.symbologyId.startsWith(eanOrUpc) ? Math.max(rowsReach, width / 2) : rowsReach) + margin,
  };
}

/** Whether a point lies on the symbol: its offset from the middle, in the symbol's own two directions. */
function lies(point: FramePoint, symbol: Extent): boolean {
  const offset = minus(point, symbol.centre);
  const { across, along } = symbol;
  const determinant = across.x * along.y - across.y * along.x;
  // Bars parallel to the reading direction: no area to speak of.
  if (Math.abs(determinant) < 1e-6) return false;
  const a = (offset.x * along.y - offset.y * along.x) / determinant;
  const b = (across.x * offset.y - across.y * offset.x) / determinant;
  return Math.abs(a) <= symbol.acrossReach && Math.abs(b) <= symbol.alongReach;
}

function coverOf(reading: Extent, other: Extent): CoverKind | null {
  if (other === reading || !lies(reading.centre, other)) return null;
  if (other.width > reading.width * (1 + tenth)) return "part-of-wider";
  if (other.width >= reading.width * (1 - tenth) && other.rows > reading.rows) return "weaker-reading";
  return null;
}

/** The readings of one frame that lie on another symbol of the same frame, by index, and how. */
export function coveredReadings(readings: readonly CameraReading[]): Map<number, CoverKind> {
  const extents = readings.map(extentOf);
  const covered = new Map<number, CoverKind>();
  for (const [index, reading] of extents.entries()) {
    const kinds = extents.map((other) => coverOf(reading, other));
    const kind = kinds.includes("part-of-wider") ? "part-of-wider" : kinds.find((found) => found !== null);
    if (kind) covered.set(index, kind);
  }
  return covered;
}
