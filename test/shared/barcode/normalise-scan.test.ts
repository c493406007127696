import { describe, expect, it } from "vitest";
import { GROUP_SEPARATOR as GS } from "../../../src/shared/barcode/gs1-element-string.ts";
import { normaliseScan } from "../../../src/shared/barcode/normalise-scan.ts";
import { defaultScanOptions, type ScanOptions } from "../../../src/shared/barcode/scan-options.ts";

const withOptions = (options: Partial<ScanOptions>) => ({ ...defaultScanOptions, ...options });

describe("normaliseScan", () => {
  it.each([
    ["Enter and spaces", " 4006381333931\r\n", "4006381333931"],
    ["Tab", "4006381333931\t", "4006381333931"],
    ["STX/ETX framing", "\x024006381333931\x03", "4006381333931"],
    ["DEL and a C1 control", "\x7f4006381333931\x85", "4006381333931"],
  ])("drops %s", (_, raw, text) => {
    expect(normaliseScan(raw, defaultScanOptions)).toEqual({ text, symbologyId: null });
  });

  it("keeps group separators", () => {
    const raw = `0109521234543213${"10"}AB${GS}17260331\r`;
    expect(normaliseScan(raw, defaultScanOptions).text).toBe(raw.slice(0, -1));
  });

  it("strips the configured prefix and suffix, once", () => {
    const options = withOptions({ prefix: "*", suffix: "#" });
    expect(normaliseScan("*4006381333931#\r\n", options).text).toBe("4006381333931");
    expect(normaliseScan("**12#", options).text).toBe("*12");
    expect(normaliseScan("4006381333931", options).text).toBe("4006381333931");
  });

  it.each([
    ["~", `]C10109521234543213${"10"}AB~17260331`],
    ["<GS>", `]C10109521234543213${"10"}AB<GS>17260331`],
  ])("turns the stand-in %s into a group separator", (groupSeparator, raw) => {
    expect(normaliseScan(raw, withOptions({ groupSeparator }))).toEqual({
      text: `0109521234543213${"10"}AB${GS}17260331`,
      symbologyId: "]C1",
    });
  });

  it.each(["]E0", "]E4", "]C1", "]e0", "]d2", "]Q3", "]A0"])(
    "splits off the symbology identifier %s",
    (id) => {
      expect(normaliseScan(`${id}12345670`, defaultScanOptions)).toEqual({
        text: "12345670",
        symbologyId: id,
      });
    },
  );

  it("finds the symbology identifier after a configured prefix", () => {
    expect(normaliseScan("@]E04006381333931", withOptions({ prefix: "@" }))).toEqual({
      text: "4006381333931",
      symbologyId: "]E0",
    });
  });

  it("leaves text that only looks like an identifier", () => {
    expect(normaliseScan("]", defaultScanOptions)).toEqual({ text: "]", symbologyId: null });
    expect(normaliseScan("]!x12", defaultScanOptions)).toEqual({ text: "]!x12", symbologyId: null });
  });
});
