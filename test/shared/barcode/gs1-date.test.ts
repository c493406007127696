import { describe, expect, it } from "vitest";
import { gs1Year, readGs1Date } from "../../../src/shared/barcode/gs1-date.ts";

const midsummer2025 = new Date("2025-06-15T12:00:00Z");

describe("gs1Year", () => {
  it.each([
    [25, 2025],
    [75, 2075], // 50 years ahead is still this century
    [76, 1976], // 51 years ahead is the previous one
    [0, 2000],
    [99, 1999],
  ])("in 2025, %i is %i", (twoDigits, year) => {
    expect(gs1Year(twoDigits, midsummer2025)).toBe(year);
  });

  it("moves to the next century late in this one", () => {
    const in2080 = new Date("2080-01-01T00:00:00Z");
    expect(gs1Year(30, in2080)).toBe(2130); // 50 years back is too far
    expect(gs1Year(31, in2080)).toBe(2031);
  });
});

describe("readGs1Date", () => {
  it.each([
    ["251231", "2025-12-31"],
    ["260331", "2026-03-31"],
    ["760101", "1976-01-01"],
    ["240200", "2024-02-29"], // day 00: last day of the month, leap year
    ["250200", "2025-02-28"],
    ["250400", "2025-04-30"],
  ])("%s -> %s", (digits, iso) => {
    expect(readGs1Date(digits, midsummer2025)).toEqual({ date: iso });
  });

  it.each([
    ["month 13", "251301", "month 13"],
    ["month 00", "250001", "month 0"],
    ["30 February", "250230", "day 30"],
    ["31 April", "250431", "day 31"],
    ["letters", "25AB01", "YYMMDD"],
    ["too short", "2512", "YYMMDD"],
  ])("refuses %s", (_, digits, words) => {
    const result = readGs1Date(digits, midsummer2025);
    expect(result).toHaveProperty("reason");
    expect("reason" in result && result.reason).toContain(words);
  });
});
