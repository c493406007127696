// Arrow keys in a grid of keys five wide: along the rows, down the columns, never wrapping.
import { describe, expect, it } from "vitest";
import { movedIndex } from "../../../src/renderer/src/keys/grid-moves.ts";

describe("moves in a grid of keys", () => {
  it("runs along a row into the next, and down and up a column", () => {
    expect(movedIndex(4, "ArrowRight", 12, 5)).toBe(5);
    expect(movedIndex(5, "ArrowLeft", 12, 5)).toBe(4);
    expect(movedIndex(1, "ArrowDown", 12, 5)).toBe(6);
    expect(movedIndex(6, "ArrowUp", 12, 5)).toBe(1);
    expect(movedIndex(7, "Home", 12, 5)).toBe(0);
    expect(movedIndex(2, "End", 12, 5)).toBe(11);
  });

  it("stays put at the edges, and below a column the last row does not reach", () => {
    expect(movedIndex(0, "ArrowLeft", 12, 5)).toBe(0);
    expect(movedIndex(11, "ArrowRight", 12, 5)).toBe(11);
    expect(movedIndex(2, "ArrowUp", 12, 5)).toBe(2);
    expect(movedIndex(8, "ArrowDown", 12, 5)).toBe(8);
    expect(movedIndex(6, "ArrowDown", 12, 5)).toBe(11);
  });

  it("is no move for other keys or an empty grid", () => {
    expect(movedIndex(0, "Enter", 12, 5)).toBeNull();
    expect(movedIndex(0, "3", 12, 5)).toBeNull();
    expect(movedIndex(0, "ArrowRight", 0, 5)).toBeNull();
  });
});
