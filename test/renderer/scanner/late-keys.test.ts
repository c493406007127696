// Keys that reach the page late: the browser hands them over one at a time, as fast as a busy page
// takes them, so a burst can seem over while keys pressed within its gap are still on their way.
// Each key carries when it was pressed, and that decides.
import { describe, expect, it } from "vitest";
import {
  createScanCapture,
  type KeyInput,
  type KeyVerdict,
} from "../../../src/renderer/src/scanner/scan-capture.ts";
import { defaultScannerSettings } from "../../../src/renderer/src/scanner/scanner-settings.ts";

const settings = { ...defaultScannerSettings, maxGapMs: 50, minLength: 6 };

function press(capture: ReturnType<typeof createScanCapture>, key: string, time: number): KeyVerdict {
  const input: KeyInput = {
    key,
    code: key === "Enter" ? "Enter" : `Digit${key}`,
    shift: false,
    ctrl: false,
    alt: false,
    altGraph: false,
    capsLock: false,
    meta: false,
    repeat: false,
    time,
    field: "other",
  };
  const verdict = capture.key(input);
  capture.keyUp(input.code);
  return verdict;
}

/** Presses each character of text 8 ms apart (a scanner's pace), the first at `from`. */
function pressAll(capture: ReturnType<typeof createScanCapture>, text: string, from: number): void {
  for (const [index, digit] of [...text].entries()) press(capture, digit, from + index * 8);
}

describe("keys pressed within the gap but handed over late", () => {
  it("continue a burst the silence had ended as typing", () => {
    const capture = createScanCapture(settings);
    pressAll(capture, "4006", 0);
    // The page heard nothing for a while: the first four keys alone are typing.
    expect(capture.quiet(200)).toBeNull();
    // The rest arrive now, stamped 8 ms apart from the 32nd millisecond on.
    pressAll(capture, "381333931", 32);
    expect(press(capture, "Enter", 32 + 9 * 8)).toMatchObject({ kind: "scan", code: "4006381333931" });
  });

  it("but a key pressed after the gap starts a burst of its own", () => {
    const capture = createScanCapture(settings);
    pressAll(capture, "4006", 0);
    expect(capture.quiet(200)).toBeNull();
    pressAll(capture, "96385074", 24 + 51);
    expect(press(capture, "Enter", 24 + 51 + 8 * 8)).toMatchObject({ kind: "scan", code: "96385074" });
  });

  it("never continue a burst already taken as a scan", () => {
    const capture = createScanCapture(settings);
    pressAll(capture, "96385074", 0);
    expect(capture.quiet(200)).toMatchObject({ code: "96385074" });
    pressAll(capture, "4006381333931", 60);
    expect(press(capture, "Enter", 60 + 13 * 8)).toMatchObject({ kind: "scan", code: "4006381333931" });
  });
});
