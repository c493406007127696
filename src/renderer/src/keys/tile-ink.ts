// The text colour that stays readable on a tile painted in the colour the catalog gives it (a
// product's default_tile_color or its group's colour, chosen by a shop, so any colour at all): black
// or white, whichever contrasts more (WCAG's relative luminance). Either one reaches at least 4.5:1
// on any colour, so a key's name and price never vanish into a shop's choice of paint.

export interface TilePaint {
  background: string;
  ink: "#000000" | "#ffffff";
}

/** "#rgb" or "#rrggbb" (a leading "#" optional); anything else is no colour, and the tile keeps the theme's. */
export function tilePaint(colour: string | null | undefined): TilePaint | null {
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour?.trim() ?? "")?.[1];
  if (hex === undefined) return null;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
  const channels = [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((value) =>
    value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  const ink = (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000000" : "#ffffff";
  return { background: `#${full.toLowerCase()}`, ink };
}
