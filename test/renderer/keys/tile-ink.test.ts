// The ink on a key painted in a shop's colour: always the more readable of black and white.
import { describe, expect, it } from "vitest";
import { tilePaint } from "../../../src/renderer/src/keys/tile-ink.ts";

/** WCAG's contrast ratio of two "#rrggbb" colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe("tile paint", () => {
  it("writes black on light colours and white on dark ones", () => {
    expect(tilePaint("#f5d76e")).toEqual({ background: "#f5d76e", ink: "#000000" });
    expect(tilePaint("#1b4f72")).toEqual({ background: "#1b4f72", ink: "#ffffff" });
    expect(tilePaint("FFF")).toEqual({ background: "#ffffff", ink: "#000000" });
  });

  it("keeps at least 4.5:1 on every colour a shop could choose", () => {
    for (let value = 0; value < 0x1000000; value += 0x010305) {
      const colour = `#${value.toString(16).padStart(6, "0")}`;
      const paint = tilePaint(colour);
      expect(paint && contrast(paint.background, paint.ink), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("leaves the theme's colours for anything that is not a hex colour", () => {
    for (const colour of [null, undefined, "", "red", "#12345", "rgb(1,2,3)", "#ggg"])
      expect(tilePaint(colour), String(colour)).toBeNull();
  });
});
