// The camera's counting rules on a clock moved by hand: two frames in a row before a code counts,
// not again until it has left the view (two frames without it) or 1.5 s have passed.
import { describe, expect, it } from "vitest";
import type { CameraCode } from "../../../src/shared/camera/camera-code.ts";
import { createCodeConfirmation, repeatAfterMs } from "../../../src/shared/camera/code-confirmation.ts";
import { manualClock } from "../../support/manual-clock.ts";

const ean: CameraCode = { text: "4006381333931", symbologyId: "]E0" };
const gs1: CameraCode = { text: "01040063813339313103001250", symbologyId: "]C1" };
const frameMs = 100;

function camera() {
  const clock = manualClock(0);
  const rules = createCodeConfirmation(clock.now);
  let counted: CameraCode[] = [];
  return {
    /** One frame 100 ms after the last; what it counted. */
    frame(...codes: CameraCode[]): CameraCode[] {
      clock.advance(frameMs);
      const now = rules.frame(codes);
      counted = [...counted, ...now];
      return now;
    },
    counted: () => counted,
    clock,
  };
}

describe("a code counts when read in two frames in a row", () => {
  it("not in the first frame, in the second", () => {
    const till = camera();
    expect(till.frame(ean)).toEqual([]);
    expect(till.frame(ean)).toEqual([ean]);
  });

  it("never when every other frame reads it", () => {
    const till = camera();
    for (let index = 0; index < 10; index += 1) till.frame(...(index % 2 === 0 ? [ean] : []));
    expect(till.counted()).toEqual([]);
  });

  it("the same digits in another symbology are another code, counted on their own", () => {
    const till = camera();
    const asQr = { ...ean, symbologyId: "]Q1" };
    till.frame(ean);
    expect(till.frame(asQr)).toEqual([]);
    expect(till.frame(asQr)).toEqual([asQr]);
  });

  it("two codes in one view count once each", () => {
    const till = camera();
    till.frame(ean, gs1);
    expect(till.frame(gs1, ean)).toEqual([gs1, ean]);
  });
});

describe("a counted code is not counted again", () => {
  it("while it stays in view, until 1.5 s after it counted", () => {
    const till = camera();
    till.frame(ean);
    till.frame(ean); // counted at 200 ms
    const framesBefore = repeatAfterMs / frameMs - 1;
    for (let index = 0; index < framesBefore; index += 1) expect(till.frame(ean)).toEqual([]);
    expect(till.frame(ean)).toEqual([ean]); // 1.5 s after
    expect(till.counted()).toHaveLength(2);
  });

  it("through one frame that misses it (the decoder's miss, not the code leaving)", () => {
    const till = camera();
    till.frame(ean);
    till.frame(ean);
    till.frame();
    expect(till.frame(ean)).toEqual([]);
    expect(till.frame(ean)).toEqual([]);
    expect(till.counted()).toEqual([ean]);
  });

  it("but again once it left the view (two frames without it) and came back for two frames", () => {
    const till = camera();
    till.frame(ean);
    till.frame(ean);
    till.frame();
    till.frame();
    expect(till.frame(ean)).toEqual([]);
    expect(till.frame(ean)).toEqual([ean]);
    expect(till.clock.now()).toBeLessThan(repeatAfterMs);
  });
});
