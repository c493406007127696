// Calibration by scanning the setup code: which layout the scanner emulates, and what it adds.
import { describe, expect, it } from "vitest";
import { readKeystrokes } from "../../../src/shared/keyboard/keystroke-reading.ts";
import { calibrationOf, setupCode } from "../../../src/shared/keyboard/scanner-calibration.ts";
import { pressedKeys, type ScannerSetup } from "../../support/scanner-keys.ts";

const usOnFrench: ScannerSetup = { scanner: "us", computer: "fr", capsLock: false, numpad: "no" };

describe("scanner calibration", () => {
  it("finds a US scanner on a French computer, which types the setup code as something else", () => {
    const keys = pressedKeys(setupCode, usOnFrench);
    expect(readKeystrokes(keys, "this-computer")).not.toBe(setupCode);
    expect(calibrationOf(keys)).toEqual({ layout: "us", prefix: "", suffix: "" });
  });

  it("finds the layout of scanners set to German, French, Swiss, Belgian and Nordic keyboards", () => {
    for (const layout of ["de", "fr", "ch", "be", "se", "gb", "nl"] as const) {
      const keys = pressedKeys(setupCode, { scanner: layout, computer: "us", capsLock: true, numpad: "no" });
      expect(calibrationOf(keys)?.layout, layout).toBe(layout);
    }
  });

  it("tells the scanner's prefix and suffix apart from the setup code", () => {
    const keys = pressedKeys(`]C0${setupCode}#1`, { ...usOnFrench, scanner: "us" });
    expect(calibrationOf(keys)).toEqual({ layout: "us", prefix: "]C0", suffix: "#1" });
  });

  it("takes any other scan as no calibration at all", () => {
    expect(calibrationOf(pressedKeys("4006381333931", usOnFrench))).toBeNull();
    expect(calibrationOf(pressedKeys(setupCode.slice(0, -1), usOnFrench))).toBeNull();
  });
});
