import { describe, expect, it } from "vitest";
import { aimSymbology, splitAimIdentifier } from "../../../src/shared/barcode/aim-identifier.ts";
import { readScan } from "../../../src/shared/barcode/scan-reading.ts";

const today = new Date("2026-06-15T12:00:00Z");
const options = undefined;

describe("the AIM symbology identifier reader", () => {
  it.each([
    ["]E0", "ean13-upc"],
    ["]E4", "ean8"],
    ["]C1", "gs1-128"],
    ["]e0", "gs1-databar"],
    ["]d2", "gs1-datamatrix"],
    ["]Q1", "qr"],
    ["]Q3", "gs1-qr"],
    ["]A0", "other"], // Code 39: well formed, of no use here
    ["]I1", "other"],
  ])("names %s as %s and splits it off the code", (id, symbology) => {
    expect(aimSymbology(id)).toBe(symbology);
    expect(splitAimIdentifier(`${id}12345670`)).toEqual({ id, data: "12345670" });
  });

  it("names nothing when there is no identifier", () => {
    expect(aimSymbology(null)).toBeNull();
    expect(splitAimIdentifier("4006381333931")).toEqual({ id: null, data: "4006381333931" });
    expect(splitAimIdentifier("]")).toEqual({ id: null, data: "]" });
    expect(splitAimIdentifier("]!x12")).toEqual({ id: null, data: "]!x12" });
  });
});

// "10LOT7" is a batch element (10) to a GS1 reader but looks like any text without an identifier.
describe("a code read by its identifier, whether in front of it or reported by its source", () => {
  it.each([
    ["]C1", "10LOT7", "gs1"],
    ["]e0", "10LOT7", "gs1"],
    ["]d2", "10LOT7", "gs1"],
    ["]Q1", "10LOT7", "text"],
    ["]A0", "10LOT7", "text"],
    ["]E0", "036000291452", "upca"],
    ["]E0", "01234565", "upce"],
    ["]E4", "01234565", "ean8"],
  ])("%s %s is %s", (id, code, kind) => {
    const prefixed = readScan(`${id}${code}`, options, today);
    const reported = readScan(code, options, today, id);
    for (const reading of [prefixed, reported]) {
      expect(reading).toMatchObject({ kind, symbologyId: id, normalised: code });
    }
  });

  it("reads a GS1 element string's batch only with a GS1 identifier", () => {
    expect(readScan("10LOT7", options, today, "]C1").gs1).toEqual({ batch: "LOT7" });
    expect(readScan("10LOT7", options, today)).toMatchObject({ kind: "text", gs1: null, symbologyId: null });
  });

  it("reads eight digits without an identifier as today: UPC-E first for a leading 0", () => {
    expect(readScan("01234565", options, today)).toMatchObject({ kind: "upce", symbologyId: null });
  });

  it("says when the data does not fit the identifier its source reported", () => {
    expect(readScan("12345", options, today, "]E4").problem).toMatchObject({ kind: "malformed-code" });
  });
});
