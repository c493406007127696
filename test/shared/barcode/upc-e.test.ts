import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasValidCheckDigit, withCheckDigit } from "../../../src/shared/barcode/gtin.ts";
import { compressUpcA, expandUpcE } from "../../../src/shared/barcode/upc-e.ts";
import { digits } from "./code-arbitraries.ts";

describe("expandUpcE", () => {
  // One case per value of the last data digit, after the GS1 zero-suppression table.
  it.each([
    ["01245600", "012000004560", "0: maker XX000, item 00XXX"],
    ["02758310", "027100005830", "1: maker XX100"],
    ["04120220", "041200002020", "2: maker XX200"],
    ["08765430", "087600000540", "3: maker XXX00, item 000XX"],
    ["07537740", "075370000070", "4: maker XXXX0, item 0000X"],
    ["02137560", "021375000060", "5-9: maker XXXXX, item 0000X"],
    ["15170190", "151701000090", "number system 1"],
  ])("%s -> %s (%s)", (upcE, upcA) => {
    expect(expandUpcE(upcE)).toBe(upcA);
  });

  it("expands the published examples with their check digits", () => {
    expect(expandUpcE("01234565")).toBe("012345000065");
    expect(expandUpcE("04252614")).toBe("042100005264");
    expect(hasValidCheckDigit("012345000065")).toBe(true);
    expect(hasValidCheckDigit("042100005264")).toBe(true);
  });

  it.each([
    ["number system 2", "21234565"],
    ["7 digits", "0123456"],
    ["a letter", "0123456A"],
    ["empty", ""],
  ])("refuses %s", (_, code) => {
    expect(expandUpcE(code)).toBeNull();
  });
});

describe("compressUpcA", () => {
  it.each([
    ["012345000065", "01234565"],
    ["042100005264", "04252614"],
    ["087600000540", "08765430"],
  ])("%s -> %s", (upcA, upcE) => {
    expect(compressUpcA(upcA)).toBe(upcE);
  });

  it.each([
    ["item number too big for maker XX000", "012000010000"],
    ["no zeros to suppress", "036000291452"],
    ["number system 2", "212345000065"],
  ])("refuses %s", (_, upcA) => {
    expect(compressUpcA(upcA)).toBeNull();
  });
});

// Mostly zeros, so that many generated UPC-As can be compressed.
const zeroHeavyDigits = (length: number) =>
  fc
    .array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 9 })), {
      minLength: length,
      maxLength: length,
    })
    .map((ds) => ds.join(""));

describe("UPC-E round trips", () => {
  it("expanding the compression of a compressible UPC-A gives it back", () => {
    fc.assert(
      fc.property(fc.constantFrom("0", "1"), zeroHeavyDigits(10), (numberSystem, body) => {
        const upcA = withCheckDigit(numberSystem + body);
        const upcE = compressUpcA(upcA);
        if (upcE !== null) expect(expandUpcE(upcE)).toBe(upcA);
      }),
      { numRuns: 300 },
    );
  });

  it("every UPC-E expands to a UPC-A that compresses to one with the same expansion", () => {
    fc.assert(
      fc.property(fc.constantFrom("0", "1"), digits(6), digits(1), (numberSystem, data, check) => {
        const upcA = expandUpcE(numberSystem + data + check);
        expect(upcA).not.toBeNull();
        const again = compressUpcA(upcA ?? "");
        expect(again).not.toBeNull();
        expect(expandUpcE(again ?? "")).toBe(upcA);
      }),
    );
  });
});
