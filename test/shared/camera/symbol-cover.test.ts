// Which readings of a frame are not codes of their own. The corners and row counts are what ZXing
// reported for codes drawn by bwip-js (scale 3) and turned by ffmpeg in a 640x480 frame: tilted, a few
// rows through the left half of EAN-13 5062707396171 read as UPC-E 0106270000075, and a few slanted
// rows through UPC-A 796030114977 misread as 0798030112977.
import { describe, expect, it } from "vitest";
import type { CameraReading, FramePoint } from "../../../src/shared/camera/camera-code.ts";
import { coveredReadings } from "../../../src/shared/camera/symbol-cover.ts";

type Corners = [number, number, number, number, number, number, number, number];

/** A reading from its corners as ZXing orders them: top left, top right, bottom right, bottom left. */
function reading(text: string, corners: Corners, rows: number, symbologyId = "]E0"): CameraReading {
  const point = (index: number): FramePoint => ({
    x: corners[index * 2] ?? 0,
    y: corners[index * 2 + 1] ?? 0,
  });
  return { code: { text, symbologyId }, corners: [point(0), point(1), point(2), point(3)], rows };
}

const ean13 = "5062707396171";
const upcE = "0106270000075";
/** Each tilt as ZXing read it: the whole EAN-13, and the UPC-E out of its left half. */
const tiltedEan: { degrees: number; whole: Corners; rows: number; half: Corners; halfRows: number }[] = [
  {
    degrees: 5,
    whole: [183, 143, 468, 143, 452, 334, 167, 334],
    rows: 192,
    half: [184, 131, 336, 131, 337, 132, 184, 132],
    halfRows: 2,
  },
  {
    degrees: 12,
    whole: [190, 162, 479, 162, 448, 316, 159, 316],
    rows: 155,
    half: [195, 137, 351, 137, 351, 135, 196, 135],
    halfRows: 3,
  },
  {
    degrees: 20,
    whole: [150, 293, 451, 293, 488, 185, 187, 185],
    rows: 109,
    half: [202, 144, 364, 144, 365, 140, 204, 140],
    halfRows: 5,
  },
  {
    degrees: 30,
    whole: [168, 214, 494, 214, 468, 262, 143, 262],
    rows: 49,
    half: [202, 154, 378, 154, 379, 148, 206, 148],
    halfRows: 7,
  },
  // Upside down and tilted: ZXing's top left is then the symbol's, at the frame's right.
  {
    degrees: 192,
    whole: [480, 162, 191, 162, 160, 316, 449, 316],
    rows: 155,
    half: [444, 341, 288, 341, 288, 343, 443, 343],
    halfRows: 3,
  },
];
const upcA = "0796030114977";
const misread = "0798030112977";
const tiltedUpcA: { degrees: number; whole: Corners; wrong: Corners }[] = [
  {
    degrees: 12,
    whole: [190, 162, 479, 162, 448, 316, 159, 316],
    wrong: [186, 180, 474, 180, 453, 279, 165, 279],
  },
  {
    degrees: 192,
    whole: [480, 162, 191, 162, 160, 316, 449, 316],
    wrong: [477, 174, 189, 174, 159, 315, 447, 315],
  },
];

describe("a reading that lies on a wider symbol in the same frame is part of it", () => {
  for (const { degrees, whole, rows, half, halfRows } of tiltedEan) {
    it(`a UPC-E out of half an EAN-13 tilted ${degrees}°`, () => {
      const frame = [reading(upcE, half, halfRows), reading(ean13, whole, rows)];
      expect(coveredReadings(frame)).toEqual(new Map([[0, "part-of-wider"]]));
      expect(coveredReadings([...frame].reverse())).toEqual(new Map([[1, "part-of-wider"]]));
    });
  }

  it("when the wide symbol was read along one row only (no sides to follow)", () => {
    const frame = [
      reading(ean13, [180, 240, 460, 240, 460, 241, 180, 241], 1),
      reading(upcE, [182, 200, 330, 200, 330, 201, 182, 201], 1),
    ];
    expect(coveredReadings(frame)).toEqual(new Map([[1, "part-of-wider"]]));
  });

  it("a partial GS1-128 inside the whole one", () => {
    const frame = [
      reading("0105012345678900", [120, 200, 300, 200, 300, 260, 120, 260], 60, "]C1"),
      reading("01050123456789003103001250", [100, 200, 540, 200, 540, 260, 100, 260], 60, "]C1"),
    ];
    expect(coveredReadings(frame)).toEqual(new Map([[0, "part-of-wider"]]));
  });
});

describe("a reading as wide as another on the same place, on fewer rows, is the weaker one", () => {
  for (const { degrees, whole, wrong } of tiltedUpcA) {
    it(`a UPC-A tilted ${degrees}° misread on a few slanted rows`, () => {
      const frame = [reading(misread, wrong, 4), reading(upcA, whole, 155)];
      expect(coveredReadings(frame)).toEqual(new Map([[0, "weaker-reading"]]));
    });
  }

  it("read on as many rows, neither is dropped", () => {
    const frame = [
      reading(misread, tiltedUpcA[0]?.wrong ?? [0, 0, 0, 0, 0, 0, 0, 0], 9),
      reading(upcA, tiltedUpcA[0]?.whole ?? [0, 0, 0, 0, 0, 0, 0, 0], 9),
    ];
    expect(coveredReadings(frame)).toEqual(new Map());
  });
});

describe("a reading of its own", () => {
  it("alone in the frame: a genuine UPC-E, an EAN-8", () => {
    expect(coveredReadings([reading(upcE, [250, 150, 400, 150, 400, 330, 250, 330], 180)])).toEqual(
      new Map(),
    );
    expect(coveredReadings([reading("96385074", [220, 150, 420, 150, 420, 330, 220, 330], 180)])).toEqual(
      new Map(),
    );
  });

  it("beside a wider symbol: an EAN-8 next to an EAN-13, a small QR above one", () => {
    const wide = reading(ean13, [40, 200, 330, 200, 330, 400, 40, 400], 200);
    const beside = reading("96385074", [400, 200, 600, 200, 600, 400, 400, 400], 200);
    const above = reading("A12", [150, 20, 210, 20, 210, 80, 150, 80], 0, "]Q1");
    expect(coveredReadings([wide, beside, above])).toEqual(new Map());
  });

  it("an EAN-13 above a wider GS1-128 on one label", () => {
    const ean = reading(ean13, [180, 150, 460, 150, 460, 330, 180, 330], 180);
    const gs1 = reading("01050123456789003103001250", [100, 380, 540, 380, 540, 440, 100, 440], 60, "]C1");
    expect(coveredReadings([ean, gs1])).toEqual(new Map());
  });
});
