import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withCheckDigit } from "../../../src/shared/barcode/gtin.ts";
import {
  defaultScaleRules,
  readScaleLabel,
  scaleRuleSchema,
} from "../../../src/shared/barcode/scale-label.ts";
import { digits } from "./code-arbitraries.ts";

describe("readScaleLabel with the default rules", () => {
  // Check digits worked out by hand, e.g. 211234501234: sum 54, check digit 6.
  it.each([
    ["2112345012346", "weight", "2112345000008", 1.234],
    ["2300042015993", "price", "2300042000005", 15.99],
    ["2200042002507", "discount", "2200042000008", 2.5],
  ])("%s is a %s label of %s with value %d", (code, kind, baseCode, value) => {
    expect(readScaleLabel(code, defaultScaleRules)).toEqual({
      rule: expect.objectContaining({ kind }),
      baseCode,
      value,
    });
  });

  it("takes a value of zero for the product's base code, not a label", () => {
    expect(readScaleLabel("2112345000008", defaultScaleRules)).toBeNull();
  });

  it("ignores other prefixes and lengths", () => {
    expect(readScaleLabel("4006381333931", defaultScaleRules)).toBeNull();
    expect(readScaleLabel("211234501234", defaultScaleRules)).toBeNull();
  });
});

describe("readScaleLabel with custom rules", () => {
  it("zeroes ignored digits too (a price check digit)", () => {
    const rule = { pattern: "28 PPPPP X WW DD C", kind: "price" as const };
    const code = withCheckDigit("281234570450"); // price check digit 7, price 04.50
    expect(readScaleLabel(code, [rule])).toEqual({
      rule,
      baseCode: withCheckDigit("281234500000"),
      value: 4.5,
    });
  });

  it("reads UPC-A price labels (number system 2)", () => {
    const rule = { pattern: "2 PPPPP WWWDD C", kind: "price" as const };
    const code = withCheckDigit("20004201299");
    expect(readScaleLabel(code, [rule])).toEqual({
      rule,
      baseCode: withCheckDigit("20004200000"),
      value: 12.99,
    });
  });

  it("uses the first rule that fits", () => {
    const rules = [
      { pattern: "21 PPPP WWWW DD C", kind: "weight" as const },
      { pattern: "21 PPPPP WW DDD C", kind: "weight" as const },
    ];
    const label = readScaleLabel(withCheckDigit("211234501234"), rules);
    expect(label?.rule).toBe(rules[0]);
    expect(label?.value).toBe(5012.34);
  });
});

describe("a generated scale label", () => {
  it("gives back its base code and value", () => {
    const rules = fc.constantFrom(
      { prefix: "21", scale: 1000 },
      { prefix: "22", scale: 100 },
      { prefix: "23", scale: 100 },
    );
    fc.assert(
      fc.property(
        rules,
        digits(5),
        fc.integer({ min: 1, max: 99999 }),
        ({ prefix, scale }, product, value) => {
          const label = withCheckDigit(`${prefix}${product}${String(value).padStart(5, "0")}`);
          const read = readScaleLabel(label, defaultScaleRules);
          expect(read?.baseCode).toBe(withCheckDigit(`${prefix}${product}00000`));
          expect(read?.value).toBe(value / scale);
        },
      ),
    );
  });
});

describe("scaleRuleSchema", () => {
  it("accepts the defaults", () => {
    for (const rule of defaultScaleRules) expect(scaleRuleSchema.parse(rule)).toEqual(rule);
  });

  it.each([
    ["no value digits", "21 PPPPP PPPPP C"],
    ["no check digit", "21 PPPPP WW DDD D"],
    ["check digit not last", "21 PPPPP WW DD C D"],
    ["11 digits", "21 PPPP WW DD C"],
    ["14 digits", "21 PPPPPP WW DDD C"],
    ["no prefix", "PPPPPPP WW DDD C"],
    ["an unknown letter", "21 PPPPP QQ DDD C"],
    ["a digit after the prefix", "21 PPPPP 0W DDD C"],
  ])("refuses a pattern with %s", (_, pattern) => {
    expect(scaleRuleSchema.safeParse({ pattern, kind: "weight" }).success).toBe(false);
  });

  it("refuses an unknown kind", () => {
    expect(scaleRuleSchema.safeParse({ pattern: "21 PPPPP WW DDD C", kind: "volume" }).success).toBe(false);
  });
});
