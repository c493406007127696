// Arrow keys in a grid of keys five wide, laid out by place: along the rows, down the columns,
// passing over gaps, never wrapping.
import { describe, expect, it } from "vitest";
import { movedPlace } from "../../../src/renderer/src/keys/grid-moves.ts";

const twelve = Array.from({ length: 12 }, (_, place) => place);

describe("moves in a grid of keys", () => {
  it("runs along a row into the next, and down and up a column", () => {
    expect(movedPlace(4, "ArrowRight", twelve, 5)).toBe(5);
    expect(movedPlace(5, "ArrowLeft", twelve, 5)).toBe(4);
    expect(movedPlace(1, "ArrowDown", twelve, 5)).toBe(6);
    expect(movedPlace(6, "ArrowUp", twelve, 5)).toBe(1);
    expect(movedPlace(7, "Home", twelve, 5)).toBe(0);
    expect(movedPlace(2, "End", twelve, 5)).toBe(11);
  });

  it("stays put at the edges, and below a column the last row does not reach", () => {
    expect(movedPlace(0, "ArrowLeft", twelve, 5)).toBe(0);
    expect(movedPlace(11, "ArrowRight", twelve, 5)).toBe(11);
    expect(movedPlace(2, "ArrowUp", twelve, 5)).toBe(2);
    expect(movedPlace(8, "ArrowDown", twelve, 5)).toBe(8);
    expect(movedPlace(6, "ArrowDown", twelve, 5)).toBe(11);
  });

  it("passes over the places a shop left empty", () => {
    // Keys at places 1, 2, 3 and 6 (a cake tab with a gap), and one under the first at 10.
    const places = [0, 1, 2, 5, 10];
    expect(movedPlace(2, "ArrowRight", places, 5)).toBe(5);
    expect(movedPlace(5, "ArrowLeft", places, 5)).toBe(2);
    expect(movedPlace(0, "ArrowDown", places, 5)).toBe(5);
    expect(movedPlace(5, "ArrowDown", places, 5)).toBe(10);
    expect(movedPlace(1, "ArrowDown", places, 5)).toBe(1);
    expect(movedPlace(10, "ArrowUp", places, 5)).toBe(5);
  });

  it("is no move for other keys or an empty grid", () => {
    expect(movedPlace(0, "Enter", twelve, 5)).toBeNull();
    expect(movedPlace(0, "3", twelve, 5)).toBeNull();
    expect(movedPlace(0, "ArrowRight", [], 5)).toBeNull();
  });
});
