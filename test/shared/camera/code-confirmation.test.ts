// The camera's counting rules on a clock moved by hand, on the readings of made-up frames: two frames
// in a row before a code counts; not again while it stays in view, however long; again once it was
// out of view half a second (or the longer time the settings give); and never a reading that lies on
// a wider symbol in the same frame.
import { describe, expect, it } from "vitest";
import type { CameraCode, CameraReading } from "../../../src/shared/camera/camera-code.ts";
import { createCodeConfirmation, shortestAwayMs } from "../../../src/shared/camera/code-confirmation.ts";
import { manualClock } from "../../support/manual-clock.ts";

const ean: CameraCode = { text: "5062707396171", symbologyId: "]E0" };
const gs1: CameraCode = { text: "01040063813339313103001250", symbologyId: "]C1" };
/** The UPC-E a row through the left half of the tilted EAN-13 reads as. */
const halfOfEan: CameraCode = { text: "0106270000075", symbologyId: "]E0" };
const frameMs = 100;

/** A reading of `code` as a box `width` wide with its top left at x, y, read on every row of it. */
function at(code: CameraCode, x: number, y: number, width = 280, height = 180, rows = height): CameraReading {
  return {
    code,
    corners: [
      { x, y },
      { x: x + width, y },
      { x: x + width, y: y + height },
      { x, y: y + height },
    ],
    rows,
  };
}
const eanHere = at(ean, 180, 150);
const gs1Here = at(gs1, 100, 380, 440, 60);
/** The UPC-E as a strip of two rows along the top of the EAN-13's left half. */
const halfHere = at(halfOfEan, 185, 140, 150, 2);
const halfAlone = at(halfOfEan, 250, 150, 150, 180);

function camera(awayMs?: number) {
  const clock = manualClock(0);
  const rules = createCodeConfirmation(clock.now, awayMs);
  let counted: CameraCode[] = [];
  return {
    /** One frame 100 ms after the last; what it counted. */
    frame(...readings: CameraReading[]): CameraCode[] {
      clock.advance(frameMs);
      const now = rules.frame(readings);
      counted = [...counted, ...now];
      return now;
    },
    /** The same frame `count` times. */
    frames(count: number, ...readings: CameraReading[]): void {
      for (let index = 0; index < count; index += 1) this.frame(...readings);
    },
    counted: () => counted,
    clock,
  };
}

describe("a code counts when read in two frames in a row", () => {
  it("not in the first frame, in the second", () => {
    const till = camera();
    expect(till.frame(eanHere)).toEqual([]);
    expect(till.frame(eanHere)).toEqual([ean]);
  });

  it("never when every other frame reads it", () => {
    const till = camera();
    for (let index = 0; index < 10; index += 1) till.frame(...(index % 2 === 0 ? [eanHere] : []));
    expect(till.counted()).toEqual([]);
  });

  it("the same digits in another symbology are another code, counted on their own", () => {
    const till = camera();
    const asQr = at({ ...ean, symbologyId: "]Q1" }, 180, 150);
    till.frame(eanHere);
    expect(till.frame(asQr)).toEqual([]);
    expect(till.frame(asQr)).toEqual([asQr.code]);
  });

  it("two codes in one view count once each", () => {
    const till = camera();
    till.frame(eanHere, gs1Here);
    expect(till.frame(gs1Here, eanHere)).toEqual([gs1, ean]);
  });
});

describe("a counted code is not counted again while it is in view", () => {
  it("held still for a minute", () => {
    const till = camera();
    till.frames(600, eanHere);
    expect(till.counted()).toEqual([ean]);
  });

  it("moved around inside the picture", () => {
    const till = camera();
    for (let index = 0; index < 100; index += 1) till.frame(at(ean, 20 + index * 3, 40 + index * 2));
    expect(till.counted()).toEqual([ean]);
  });

  it("through frames that miss it for less than half a second", () => {
    const till = camera();
    for (let round = 0; round < 20; round += 1) {
      till.frames(3, eanHere);
      till.frames(shortestAwayMs / frameMs - 1, ...[]);
    }
    expect(till.counted()).toEqual([ean]);
  });

  it("when frames come slowly: one frame without it is never enough, however late", () => {
    const till = camera();
    till.frames(2, eanHere);
    till.clock.advance(2000);
    till.frame();
    till.frames(2, eanHere);
    expect(till.counted()).toEqual([ean]);
  });
});

describe("out of view long enough, it counts again when shown again", () => {
  it("after half a second without it: a second item of the same product", () => {
    const till = camera();
    till.frames(20, eanHere);
    till.frames(shortestAwayMs / frameMs, ...[]);
    expect(till.frame(eanHere)).toEqual([]);
    expect(till.frame(eanHere)).toEqual([ean]);
    expect(till.counted()).toEqual([ean, ean]);
  });

  it("after the longer time the settings give, not before", () => {
    const till = camera(2000);
    till.frames(2, eanHere);
    till.frames(15, ...[]);
    till.frames(5, eanHere);
    expect(till.counted()).toEqual([ean]);
    till.frames(20, ...[]);
    till.frames(2, eanHere);
    expect(till.counted()).toEqual([ean, ean]);
  });

  it("never sooner than half a second, whatever is asked", () => {
    const till = camera(100);
    till.frames(2, eanHere);
    till.frames(3, ...[]);
    till.frames(2, eanHere);
    expect(till.counted()).toEqual([ean]);
  });
});

describe("a reading that is part of a wider symbol", () => {
  it("never counts while the wider one is read around it", () => {
    const till = camera();
    till.frames(50, halfHere, eanHere);
    expect(till.counted()).toEqual([ean]);
  });

  it("nor when the wider one is missed in a few frames after, while it stays in view", () => {
    const till = camera();
    till.frames(3, halfHere, eanHere);
    till.frames(3, halfHere);
    till.frames(3, halfHere, eanHere);
    expect(till.counted()).toEqual([ean]);
  });

  it("counts as a code of its own once it was out of view and comes back alone", () => {
    const till = camera();
    till.frames(3, halfHere, eanHere);
    till.frames(shortestAwayMs / frameMs, ...[]);
    till.frames(2, halfAlone);
    expect(till.counted()).toEqual([ean, halfOfEan]);
  });

  it("a misreading as wide as the code, on fewer rows of pixels, never counts; the code does", () => {
    const misread = at({ text: "0798030112977", symbologyId: "]E0" }, 182, 160, 280, 100, 4);
    const till = camera();
    till.frames(20, misread, eanHere);
    expect(till.counted()).toEqual([ean]);
  });

  it("a genuine UPC-E alone counts as any code", () => {
    const till = camera();
    till.frame(halfAlone);
    expect(till.frame(halfAlone)).toEqual([halfOfEan]);
  });
});
