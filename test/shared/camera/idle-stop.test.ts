// The camera's minute without a code, on a clock moved by hand.
import { describe, expect, it } from "vitest";
import { idleStopMs, startIdleStop } from "../../../src/shared/camera/idle-stop.ts";
import { manualClock } from "../../support/manual-clock.ts";

describe("the camera stops after a minute without a code", () => {
  it("stops at the minute, not a millisecond before", () => {
    const clock = manualClock(0);
    let stops = 0;
    startIdleStop(clock, () => (stops += 1));
    clock.advance(idleStopMs - 1);
    expect(stops).toBe(0);
    clock.advance(1);
    expect(stops).toBe(1);
  });

  it("a code counted starts the minute again", () => {
    const clock = manualClock(0);
    let stops = 0;
    const idle = startIdleStop(clock, () => (stops += 1));
    clock.advance(50_000);
    idle.codeCounted();
    clock.advance(50_000);
    expect(stops).toBe(0);
    clock.advance(10_000);
    expect(stops).toBe(1);
  });

  it("cancelled (the camera closed), it leaves no timer behind", () => {
    const clock = manualClock(0);
    let stops = 0;
    const idle = startIdleStop(clock, () => (stops += 1));
    idle.cancel();
    expect(clock.pending()).toEqual([]);
    clock.advance(idleStopMs * 2);
    expect(stops).toBe(0);
  });
});
