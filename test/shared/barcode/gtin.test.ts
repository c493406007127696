import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  catalogKey,
  gs1CheckDigit,
  gtinSearchKeys,
  hasValidCheckDigit,
  withCheckDigit,
} from "../../../src/shared/barcode/gtin.ts";
import { retailCode } from "./code-arbitraries.ts";

// Each check digit below was also worked out by hand: weights 3,1,3,... from the right, then the
// distance to the next multiple of ten (e.g. 629104150021: sum 57, check digit 3).
describe("gs1CheckDigit", () => {
  it.each([
    ["629104150021", 3], // GTIN-13 example of the GS1 General Specifications
    ["0952123454321", 3], // the GTIN-14 09521234543213 of the GS1 element string examples
    ["37610425002123456", 9], // SSCC 376104250021234569 from the GS1 examples
    ["400638133393", 1], // a Stabilo pen, EAN-13 4006381333931
    ["590123412345", 7], // EAN-13 5901234123457
    ["03600029145", 2], // UPC-A 036000291452
    ["7351353", 7], // EAN-8 73513537
    ["01234500006", 5], // UPC-A 012345000065, the expansion of UPC-E 01234565
  ])("%s -> %i", (body, check) => {
    expect(gs1CheckDigit(body)).toBe(check);
    expect(withCheckDigit(body)).toBe(`${body}${check}`);
  });
});

describe("hasValidCheckDigit", () => {
  it.each(["73513537", "036000291452", "4006381333931", "09521234543213"])("accepts %s", (code) => {
    expect(hasValidCheckDigit(code)).toBe(true);
  });

  it.each([
    ["wrong check digit", "4006381333932"],
    ["9 digits", "123456789"],
    ["15 digits", "400638133393100"],
    ["a letter", "40063813339A1"],
    ["empty", ""],
  ])("rejects %s", (_, code) => {
    expect(hasValidCheckDigit(code)).toBe(false);
  });

  it("detects every single-digit substitution in a valid code", () => {
    fc.assert(
      fc.property(retailCode, fc.nat(), fc.integer({ min: 1, max: 9 }), (code, at, shift) => {
        const i = at % code.length;
        const changed = `${code.slice(0, i)}${(Number(code[i]) + shift) % 10}${code.slice(i + 1)}`;
        expect(hasValidCheckDigit(code)).toBe(true);
        expect(hasValidCheckDigit(changed)).toBe(false);
      }),
    );
  });
});

describe("catalogKey", () => {
  it("writes UPC-A, its EAN-13 form and its GTIN-14 form the same way", () => {
    expect(catalogKey("036000291452")).toBe("0036000291452");
    expect(catalogKey("0036000291452")).toBe("0036000291452");
    expect(catalogKey("00036000291452")).toBe("0036000291452");
  });

  it("leaves EAN-8 and GTIN-14 with an indicator digit alone", () => {
    expect(catalogKey("73513537")).toBe("73513537");
    expect(catalogKey("10036000291459")).toBe("10036000291459");
  });
});

describe("gtinSearchKeys", () => {
  it("adds the 8-digit form of a zero-padded GTIN-8", () => {
    expect(gtinSearchKeys("00000073513537")).toEqual(["0000073513537", "73513537"]);
    expect(gtinSearchKeys("000073513537")).toEqual(["0000073513537", "73513537"]);
  });

  it("gives only the catalog key otherwise", () => {
    expect(gtinSearchKeys("09521234543213")).toEqual(["9521234543213"]);
    expect(gtinSearchKeys("73513537")).toEqual(["73513537"]);
  });
});
