import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GROUP_SEPARATOR as GS } from "../../../src/shared/barcode/gs1-element-string.ts";
import { catalogKey, withCheckDigit } from "../../../src/shared/barcode/gtin.ts";
import { defaultScanOptions, scanOptionsSchema } from "../../../src/shared/barcode/scan-options.ts";
import { readScan, type ScanOptions } from "../../../src/shared/barcode/scan-reading.ts";
import { digits, retailCode } from "./code-arbitraries.ts";

const today = new Date("2025-06-15T12:00:00Z");
const read = (raw: string, options: ScanOptions = defaultScanOptions) => readScan(raw, options, today);

describe("readScan on retail codes", () => {
  it.each([
    ["4006381333931", "ean13", ["4006381333931"]],
    ["5901234123457", "ean13", ["5901234123457"]],
    ["036000291452", "upca", ["0036000291452"]],
    ["0036000291452", "ean13", ["0036000291452"]], // the same product as the UPC-A above
    ["09521234543213", "gtin14", ["9521234543213"]],
    ["10036000291459", "gtin14", ["10036000291459"]],
    ["73513537", "ean8", ["73513537"]],
    ["00000073513537", "gtin14", ["0000073513537", "73513537"]],
  ])("%s is %s, looked up as %j", (code, kind, searchKeys) => {
    expect(read(code)).toMatchObject({
      kind,
      searchKeys,
      checkDigit: "valid",
      normalised: code,
      problem: null,
    });
  });

  it("reports a wrong check digit and still offers the code", () => {
    expect(read("4006381333932")).toMatchObject({
      kind: "ean13",
      checkDigit: "invalid",
      searchKeys: ["4006381333932"],
      problem: {
        kind: "invalid-check-digit",
        message:
          "The check digit of 4006381333932 is wrong: the label may be damaged; scan again or type the code.",
      },
    });
    expect(read("036000291453")).toMatchObject({
      kind: "upca",
      checkDigit: "invalid",
      searchKeys: ["0036000291453"],
    });
  });
});

describe("readScan on eight digits", () => {
  it("offers both readings when both check digits hold, UPC-E first for a leading 0", () => {
    // 01234565 is UPC-E for 012345000065 and also a valid EAN-8.
    expect(read("01234565")).toMatchObject({
      kind: "upce",
      checkDigit: "valid",
      searchKeys: ["0012345000065", "01234565"],
    });
  });

  it("offers only the reading whose check digit holds", () => {
    expect(read("04252614")).toMatchObject({ kind: "upce", searchKeys: ["0042100005264", "04252614"] });
    expect(read("73513537")).toMatchObject({ kind: "ean8", searchKeys: ["73513537"] });
  });

  it("follows the symbology identifier", () => {
    expect(read("]E401234565")).toMatchObject({ kind: "ean8", searchKeys: ["01234565"], symbologyId: "]E4" });
    expect(read("]E001234565")).toMatchObject({ kind: "upce", searchKeys: ["0012345000065", "01234565"] });
    expect(read("]E404252614")).toMatchObject({
      kind: "ean8",
      checkDigit: "invalid",
      searchKeys: ["04252614"],
    });
  });

  it("reports a wrong check digit when neither reading holds", () => {
    expect(read("73513538")).toMatchObject({
      kind: "ean8",
      checkDigit: "invalid",
      searchKeys: ["73513538"],
      problem: { kind: "invalid-check-digit" },
    });
  });
});

describe("readScan on scale labels", () => {
  it.each([
    ["2112345012346", "2112345000008", { weight: { value: 1.234, unit: "kg" }, price: null, discount: null }],
    ["2300042015993", "2300042000005", { price: { value: 15.99, currencyNumeric: null }, weight: null }],
  ])("%s is looked up as %s", (code, baseCode, embedded) => {
    expect(read(code)).toMatchObject({
      kind: "variable-measure",
      checkDigit: "valid",
      searchKeys: [baseCode, code],
      ...embedded,
    });
  });

  it("looks a discount label up by its product digits under every rule, its own first", () => {
    expect(read("2200042002507")).toMatchObject({
      kind: "variable-measure",
      searchKeys: [
        "2200042000008",
        withCheckDigit("210004200000"),
        withCheckDigit("230004200000"),
        "2200042002507",
      ],
      discount: { value: 2.5 },
      price: null,
    });
  });

  it("reads a base code (value zero) as the product's own code, not as a label", () => {
    expect(read("2112345000008")).toMatchObject({
      kind: "ean13",
      weight: null,
      searchKeys: ["2112345000008"],
    });
    expect(read("2300042000005")).toMatchObject({ kind: "ean13", price: null });
  });

  it("does not trust the value of a damaged label", () => {
    expect(read("2112345012340")).toMatchObject({ kind: "ean13", checkDigit: "invalid", weight: null });
  });

  it("uses the configured rules instead of the defaults", () => {
    const options = {
      ...defaultScanOptions,
      scaleRules: [{ pattern: "29 PPPP WWWW DD C", kind: "price" as const }],
    };
    expect(read("2112345012346", options)).toMatchObject({ kind: "ean13", weight: null });
    expect(read(withCheckDigit("290042001250"), options)).toMatchObject({
      kind: "variable-measure",
      searchKeys: [withCheckDigit("290042000000"), withCheckDigit("290042001250")],
      price: { value: 12.5, currencyNumeric: null },
    });
  });

  it("gives back the base code and value of any generated weight label", () => {
    fc.assert(
      fc.property(digits(5), fc.integer({ min: 1, max: 99999 }), (product, grams) => {
        const label = withCheckDigit(`21${product}${String(grams).padStart(5, "0")}`);
        const reading = read(label);
        expect(reading.searchKeys[0]).toBe(withCheckDigit(`21${product}00000`));
        expect(reading.weight).toEqual({ value: grams / 1000, unit: "kg" });
      }),
    );
  });
});

describe("readScan on GS1 data", () => {
  it("looks up the GTIN and returns the rest", () => {
    const raw = "(01)09521234543213(3103)000123";
    expect(read(raw)).toEqual({
      kind: "gs1",
      normalised: raw,
      symbologyId: null,
      searchKeys: ["9521234543213", raw],
      checkDigit: "valid",
      weight: { value: 0.123, unit: "kg" },
      price: null,
      discount: null,
      gs1: { gtin: "09521234543213", netWeightKg: 0.123 },
      problem: null,
    });
  });

  it("reads GS1-128 with its symbology identifier and a stand-in separator", () => {
    const options = { ...defaultScanOptions, groupSeparator: "~" };
    expect(read(`]C10109521234543213${"10"}LOT7~3932978450\r`, options)).toMatchObject({
      kind: "gs1",
      symbologyId: "]C1",
      normalised: `0109521234543213${"10"}LOT7${GS}3932978450`,
      price: { value: 4.5, currencyNumeric: "978" },
      gs1: { batch: "LOT7" },
    });
  });

  it("recognises GS1 data without a symbology identifier or brackets", () => {
    expect(read("0109521234543213")).toMatchObject({ kind: "gs1", gs1: { gtin: "09521234543213" } });
    expect(read(`17260331${GS}`)).toMatchObject({
      kind: "gs1",
      checkDigit: "none",
      searchKeys: [`17260331${GS}`],
    });
  });

  it("looks up a contained GTIN, and a GTIN-8 under its 8 digits too", () => {
    expect(read("(02)00000073513537(37)12").searchKeys).toEqual([
      "0000073513537",
      "73513537",
      "(02)00000073513537(37)12",
    ]);
  });

  it.each([
    ["truncated", "(01)0952123454321", "none", "needs 14 digits"],
    ["an unknown AI", "(01)09521234543213(99)1", "none", "(99) is not an application identifier"],
    ["month 13", "]d20109521234543213" + "17251301", "none", "month 13"],
    ["a missing separator", `0109521234543213${"30"}1217260331`, "none", "separator may be missing"],
    ["a bad GTIN check digit", "(01)09521234543214", "invalid", "check digit"],
  ])("reports malformed GS1: %s", (_, raw, checkDigit, words) => {
    const reading = read(raw);
    expect(reading).toMatchObject({ kind: "gs1", checkDigit, gs1: null, problem: { kind: "malformed-gs1" } });
    expect(reading.problem?.message).toContain(words);
    expect(reading.searchKeys).toEqual([reading.normalised]);
  });
});

describe("readScan on anything else", () => {
  it.each([
    ["empty", ""],
    ["whitespace", " \t\r\n"],
    ["only control characters", "\x02\x03"],
    ["only a symbology identifier", "]E0\r\n"],
  ])("reports an empty scan: %s", (_, raw) => {
    expect(read(raw)).toMatchObject({
      kind: "text",
      normalised: "",
      searchKeys: [],
      problem: { kind: "empty", message: expect.stringContaining("Nothing was scanned") },
    });
  });

  it.each([
    ["letters in a numeric code", "40063813339A1"],
    ["9 digits", "123456789"],
    ["15 digits", "400638133393100"],
    ["an internal SKU", "SKU-0042"],
  ])("takes %s as text to look up as is", (_, raw) => {
    expect(read(raw)).toMatchObject({ kind: "text", checkDigit: "none", searchKeys: [raw], problem: null });
  });

  it.each([
    ["]E0", "40063813339A1", "an EAN-13 or UPC"],
    ["]E0", "12345", "an EAN-13 or UPC"],
    ["]E0", "09521234543213", "an EAN-13 or UPC"],
    ["]E0", "73513537", "a UPC-E"],
    ["]E4", "4006381333931", "an EAN-8"],
  ])("reports data that does not fit the symbology %s: %s", (id, code, expected) => {
    const reading = read(id + code);
    expect(reading).toMatchObject({
      symbologyId: id,
      searchKeys: [catalogKey(code)],
      problem: { kind: "malformed-code" },
    });
    expect(reading.problem?.message).toContain(expected);
  });
});

describe("readScan on every generated code", () => {
  it("round-trips a valid EAN-8, UPC-A, EAN-13 or GTIN-14 with its check digit valid", () => {
    fc.assert(
      fc.property(retailCode, (code) => {
        const reading = read(code);
        expect(reading.checkDigit).toBe("valid");
        expect(reading.problem).toBeNull();
        expect(reading.normalised).toBe(code);
        expect(reading.searchKeys).toContain(catalogKey(code));
      }),
    );
  });

  it("detects every single-digit substitution", () => {
    fc.assert(
      fc.property(retailCode, fc.nat(), fc.integer({ min: 1, max: 9 }), (code, at, shift) => {
        const i = at % code.length;
        const changed = `${code.slice(0, i)}${(Number(code[i]) + shift) % 10}${code.slice(i + 1)}`;
        // Eight digits could still be a valid UPC-E; the identifier says they are an EAN-8.
        const reading = read(code.length === 8 ? `]E4${changed}` : changed);
        expect(reading).toMatchObject({
          checkDigit: "invalid",
          searchKeys: [catalogKey(changed)],
          problem: { kind: "invalid-check-digit" },
        });
      }),
    );
  });

  it("gives a reading that survives JSON unchanged", () => {
    const raws = fc.oneof(retailCode, fc.string(), fc.constant(`(01)09521234543213(17)260300(10)A${GS}`));
    fc.assert(
      fc.property(raws, (raw) => {
        const reading = read(raw);
        expect(JSON.parse(JSON.stringify(reading))).toEqual(reading);
      }),
    );
  });
});

describe("scan options", () => {
  it("defaults survive JSON and the settings schema", () => {
    expect(scanOptionsSchema.parse(JSON.parse(JSON.stringify(defaultScanOptions)))).toEqual(
      defaultScanOptions,
    );
  });

  it("refuses settings with a bad rule", () => {
    const bad = { ...defaultScanOptions, scaleRules: [{ pattern: "21", kind: "weight" }] };
    expect(scanOptionsSchema.safeParse(bad).success).toBe(false);
  });
});
