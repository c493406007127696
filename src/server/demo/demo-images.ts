// The demo catalog's pictures: drawn in code from their name alone, so the same name always gives the
// same bytes (and so the same ETag), every picture differs from every other, and nothing is stored.
// A name is `<kind>-<number>`: the kind sets the shape, the number the colour and a row of marks.
import { encodePng } from "./png-encoder.ts";

export const demoImageKinds = ["box", "shirt", "ticket", "bottle", "scale"] as const;
export type DemoImageKind = (typeof demoImageKinds)[number];

/** Pixel width (and height) of each size key: 2x is twice the 1x, as the keys promise. */
export const demoImageSizes = { "1x": 160, "2x": 320 } as const;
export type DemoImageSize = keyof typeof demoImageSizes;

export interface DemoImageName {
  kind: DemoImageKind;
  number: number;
  size: DemoImageSize;
}

/** The path the service answers a demo picture on. */
export const demoImagePath = (kind: DemoImageKind, number: number, size: DemoImageSize): string =>
  `/images/demo/${kind}-${number}-${size}.png`;

const fileNamePattern = new RegExp(`^(${demoImageKinds.join("|")})-([1-9][0-9]{0,6})-(1x|2x)\\.png$`);

/** The picture a file name stands for, or null for any name the service does not draw. */
export function parseDemoImageName(file: string): DemoImageName | null {
  const match = fileNamePattern.exec(file);
  if (match === null) return null;
  return { kind: match[1] as DemoImageKind, number: Number(match[2]), size: match[3] as DemoImageSize };
}

type Rgb = readonly [number, number, number];

const markColour: Rgb = [40, 40, 40];
const background: Rgb = [245, 245, 240];

/** A colour per number, spread round the hue circle by the golden angle so neighbours differ. */
function colourOf(number: number): Rgb {
  const hue = (number * 137.508) % 360;
  const channel = (shift: number) => {
    const k = (shift + hue / 60) % 6;
    return Math.round(255 * (0.75 - 0.5 * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [channel(5), channel(3), channel(1)];
}

/** Whether the point (x, y), both 0..1 across the picture, lies inside the kind's shape. */
const shapes: Record<DemoImageKind, (x: number, y: number) => boolean> = {
  box: (x, y) => x > 0.2 && x < 0.8 && y > 0.25 && y < 0.8,
  shirt: (x, y) =>
    (y > 0.2 && y < 0.35 && x > 0.15 && x < 0.85) || (y >= 0.35 && y < 0.8 && x > 0.3 && x < 0.7),
  ticket: (x, y) => x > 0.12 && x < 0.88 && y > 0.3 && y < 0.7 && (x - 0.12) ** 2 + (y - 0.5) ** 2 > 0.006,
  bottle: (x, y) =>
    (y > 0.15 && y < 0.35 && x > 0.43 && x < 0.57) || (y >= 0.35 && y < 0.85 && x > 0.33 && x < 0.67),
  scale: (x, y) => (x - 0.5) ** 2 + (y - 0.5) ** 2 < 0.09,
};

/** The picture as PNG bytes: a shape of the kind in the number's colour, its bits as marks below. */
export function drawDemoImage(name: DemoImageName): Buffer {
  const side = demoImageSizes[name.size];
  const colour = colourOf(name.number);
  const inShape = shapes[name.kind];
  const mark = Math.max(2, Math.floor(side / 32));
  const pixels = new Uint8Array(side * side * 3);
  // Each pixel's three bytes written in place: a service serving a few hundred pictures drew them
  // five times slower through an array a pixel (issue 52).
  let at = 0;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const bit = Math.floor(x / mark);
      const marked = y >= side - 2 * mark && y < side - mark && bit < 24 && (name.number >> bit) & 1;
      const rgb = marked ? markColour : inShape(x / side, y / side) ? colour : background;
      pixels[at++] = rgb[0];
      pixels[at++] = rgb[1];
      pixels[at++] = rgb[2];
    }
  }
  return encodePng(side, side, pixels);
}
