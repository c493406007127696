import { describe, expect, it } from "vitest";
import { createLineSplitter } from "../../../src/core/serial/line-splitter.ts";

describe("cutting a serial line into codes", () => {
  it("ends a code at CR, LF or CRLF with 'any', a CRLF split over two reads ending one code", () => {
    const splitter = createLineSplitter("any");
    expect(splitter.push("111\r222\n333\r")).toEqual(["111", "222", "333"]);
    expect(splitter.push("\n444\r\n55")).toEqual(["444"]);
    expect(splitter.takeRest()).toBe("55");
    expect(splitter.takeRest()).toBe("");
  });

  it.each([
    ["cr", "A\nB\rC\r", ["A\nB", "C"]],
    ["lf", "A\rB\nC\n", ["A\rB", "C"]],
    ["crlf", "A\nB\rC\r\nD\r\n", ["A\nB\rC", "D"]],
  ] as const)(
    "with %s only that ending ends a code: line breaks inside a code's data stay",
    (ending, input, lines) => {
      expect(createLineSplitter(ending).push(input)).toEqual(lines);
    },
  );

  it("with 'crlf', waits for the LF of a CR at the end of a read", () => {
    const splitter = createLineSplitter("crlf");
    expect(splitter.push("4006381333931\r")).toEqual([]);
    expect(splitter.push("\n")).toEqual(["4006381333931"]);
  });
});
