import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Gs1Data } from "../../../src/shared/barcode/gs1-application-identifiers.ts";
import {
  GROUP_SEPARATOR as GS,
  parseGs1ElementString,
} from "../../../src/shared/barcode/gs1-element-string.ts";
import { digits, validCode } from "./code-arbitraries.ts";

const today = new Date("2025-06-15T12:00:00Z");
const parse = (text: string) => parseGs1ElementString(text, today);

describe("parseGs1ElementString on published and real examples", () => {
  it.each([
    // The GS1 General Specifications' net weight example: 0.123 kg.
    ["(01)09521234543213(3103)000123", { gtin: "09521234543213", netWeightKg: 0.123 }],
    [`0109521234543213${"3103000123"}`, { gtin: "09521234543213", netWeightKg: 0.123 }],
    [
      "(01)09521234543213(17)260331(10)ABC123",
      { gtin: "09521234543213", expiryDate: "2026-03-31", batch: "ABC123" },
    ],
    [
      `010952123454321310ABC123${GS}17260300`,
      { gtin: "09521234543213", batch: "ABC123", expiryDate: "2026-03-31" },
    ],
    [
      "(00)376104250021234569(02)09521234543213(37)24",
      { sscc: "376104250021234569", containedGtin: "09521234543213", count: 24 },
    ],
    [
      "(01)09521234543213(11)250101(13)250102(15)250201(21)SN-42/7",
      {
        gtin: "09521234543213",
        productionDate: "2025-01-01",
        packagingDate: "2025-01-02",
        bestBeforeDate: "2025-02-01",
        serial: "SN-42/7",
      },
    ],
    ["(01)09521234543213(3202)000250(3922)1299", { gtin: "09521234543213", netWeightLb: 2.5, price: 12.99 }],
    [
      `0109521234543213${"30"}5${GS}39329781299`,
      { gtin: "09521234543213", variableCount: 5, price: 12.99, priceCurrencyNumeric: "978" },
    ],
    // A leading separator (FNC1 in first position) and a trailing one are tolerated.
    [`${GS}0109521234543213${"10"}LOT7${GS}`, { gtin: "09521234543213", batch: "LOT7" }],
  ])("%s", (text, data) => {
    expect(parse(text)).toEqual({ data });
  });

  it("accepts a repeated AI when it repeats the same value", () => {
    expect(parse("(01)09521234543213(01)09521234543213")).toEqual({ data: { gtin: "09521234543213" } });
  });
});

describe("parseGs1ElementString refuses malformed data", () => {
  it.each([
    ["a truncated GTIN", "(01)0952123454321", "needs 14 digits but has 13"],
    ["a truncated weight", "01095212345432133103000", "needs 6 digits but has 3"],
    ["an AI with nothing after it", "(01)09521234543213(10)", "(10) has no value"],
    ["a bare AI at the end", "010952123454321317", "(17) has no value"],
    ["an unknown bracketed AI", "(01)09521234543213(99)123", "(99) is not an application identifier"],
    ["an unknown AI", "010952123454321399123", '"9912" does not start an application identifier'],
    ["a weight AI with 6 decimals", "(01)09521234543213(3106)000123", "(3106) is not"],
    ["month 13", "(01)09521234543213(17)251301", "in (17), 251301 has month 13"],
    ["30 February", "(01)09521234543213(15)260230", "in (15), 260230 has day 30"],
    [
      "a missing separator after a lot",
      `0109521234543213${"10"}ABCDEFGHIJKLMNOPQRS17260331`,
      "separator may be missing",
    ],
    ["a missing separator after a count", `0109521234543213${"30"}1217260331`, "separator may be missing"],
    ["a bracketed fixed field too long", "(01)09521234543213(17)2603311", "should have 6 digits but has 7"],
    ["letters in a numeric field", "(01)09521234543213(3103)00012A", "may only contain digits"],
    [
      "a character outside GS1's set",
      "(01)09521234543213(10)AB#1",
      "contains a character GS1 does not allow",
    ],
    ["a price with only a currency", "(01)09521234543213(3932)978", "needs at least 4 digits"],
    ["contradicting repeats", "(01)09521234543213(01)00000073513537", "(01) contradicts"],
    [
      "text before the first bracket",
      "(x)(01)09521234543213",
      "does not start with an application identifier",
    ],
    ["nothing but a separator", GS, "holds no data"],
  ])("%s", (_, text, words) => {
    const result = parse(text);
    expect(result).toMatchObject({ badCheckDigit: false });
    expect("reason" in result && result.reason).toContain(words);
  });

  it.each([
    ["GTIN", "(01)09521234543214"],
    ["contained GTIN", "(02)09521234543214(37)2"],
    ["SSCC", "(00)376104250021234568"],
  ])("a wrong %s check digit, said as such", (_, text) => {
    const result = parse(text);
    expect(result).toMatchObject({ badCheckDigit: true });
    expect("reason" in result && result.reason).toContain("check digit");
  });
});

// ---- round trip of generated element strings ----

interface Element {
  ai: string;
  value: string;
  variable: boolean;
  data: Partial<Gs1Data>;
}

// GS1 character set 82 without brackets: inside a bracketed string "(12)" would read as an AI.
const cset82 = `!"%&'*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`;
const text20 = fc.string({ unit: fc.constantFrom(...cset82), minLength: 1, maxLength: 20 });

/** Digits with a decimal point inserted n places from the right, read as a number. */
function decimalOf(digitString: string, n: number): number {
  const padded = digitString.padStart(n + 1, "0");
  return Number(`${padded.slice(0, padded.length - n)}.${padded.slice(padded.length - n)}`);
}

const fixed = (ai: string, value: string, data: Partial<Gs1Data>): Element => ({
  ai,
  value,
  variable: false,
  data,
});
const variable = (ai: string, value: string, data: Partial<Gs1Data>): Element => ({
  ai,
  value,
  variable: true,
  data,
});

// A date in the GS1 window around today, written YYMMDD, possibly with day 00.
const dateElement = (ai: string, field: keyof Gs1Data) =>
  fc
    .record({
      year: fc.integer({ min: 1976, max: 2075 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.nat(),
    })
    .map(({ year, month, day }) => {
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const d = day % (lastDay + 1); // 0 means the last day
      const yymmdd = [year % 100, month, d].map((n) => String(n).padStart(2, "0")).join("");
      const iso = `${year}-${String(month).padStart(2, "0")}-${String(d === 0 ? lastDay : d).padStart(2, "0")}`;
      return fixed(ai, yymmdd, { [field]: iso });
    });

const count = (ai: string, field: "variableCount" | "count") =>
  digits(8)
    .chain((ds) => fc.integer({ min: 1, max: 8 }).map((length) => ds.slice(0, length)))
    .map((value) => variable(ai, value, { [field]: Number(value) }));

const price = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 15 }))
    .chain(([n, length]) =>
      digits(length).map((value) => variable(`392${n}`, value, { price: decimalOf(value, n) })),
    ),
  fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 15 }), digits(3))
    .chain(([n, length, currency]) =>
      digits(length).map((value) =>
        variable(`393${n}`, currency + value, { price: decimalOf(value, n), priceCurrencyNumeric: currency }),
      ),
    ),
);

const weight = (prefix: string, field: "netWeightKg" | "netWeightLb") =>
  fc
    .tuple(fc.integer({ min: 0, max: 5 }), digits(6))
    .map(([n, value]) => fixed(`${prefix}${n}`, value, { [field]: decimalOf(value, n) }));

// One generator per field, so that no two elements set the same field.
const elementSets = fc.tuple(
  validCode(18).map((v) => fixed("00", v, { sscc: v })),
  validCode(14).map((v) => fixed("01", v, { gtin: v })),
  validCode(14).map((v) => fixed("02", v, { containedGtin: v })),
  text20.map((v) => variable("10", v, { batch: v })),
  text20.map((v) => variable("21", v, { serial: v })),
  dateElement("11", "productionDate"),
  dateElement("13", "packagingDate"),
  dateElement("15", "bestBeforeDate"),
  dateElement("17", "expiryDate"),
  count("30", "variableCount"),
  count("37", "count"),
  weight("310", "netWeightKg"),
  weight("320", "netWeightLb"),
  price,
);
const someElements = elementSets.chain((all) => fc.shuffledSubarray(all, { minLength: 1 }));

function unbracketed(elements: Element[]): string {
  return elements
    .map((e, i) => `${e.ai}${e.value}${e.variable && i < elements.length - 1 ? GS : ""}`)
    .join("");
}

function bracketed(elements: Element[]): string {
  return elements.map((e) => `(${e.ai})${e.value}`).join("");
}

describe("a generated element string", () => {
  it("parses back to the values it was made of, with and without brackets", () => {
    fc.assert(
      fc.property(someElements, (elements) => {
        const data = Object.assign({}, ...elements.map((e) => e.data));
        expect(parse(unbracketed(elements))).toEqual({ data });
        expect(parse(bracketed(elements))).toEqual({ data });
      }),
      { numRuns: 300 },
    );
  });
});
