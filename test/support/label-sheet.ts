// Reading a labels PDF the way a person checks a printed sheet: each page rendered by poppler's
// pdftoppm (grey, at a given resolution), the ink counted in any rectangle, and the barcodes in a
// cell read by ZXing (zxing-wasm, the camera's reader, for the retail codes labels carry).
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const run = promisify(execFile);

export interface GreyPage {
  width: number;
  height: number;
  /** One byte a pixel, 0 black to 255 white, row by row. */
  data: Uint8Array;
  /** Pixels per millimetre. */
  scale: number;
}

export interface MmRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every page of the PDF as grey pixels (pdftoppm writes them into `dir`). */
export async function renderPages(pdf: string, dir: string, dpi = 200): Promise<GreyPage[]> {
  await run("pdftoppm", ["-gray", "-r", String(dpi), pdf, join(dir, "page")]);
  const files = (await readdir(dir))
    .filter((name) => name.startsWith("page") && name.endsWith(".pgm"))
    .sort();
  return Promise.all(files.map(async (name) => readPgm(await readFile(join(dir, name)), dpi / 25.4)));
}

function readPgm(bytes: Buffer, scale: number): GreyPage {
  // "P5\n<width> <height>\n255\n" then the pixels.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/u.exec(bytes.subarray(0, 64).toString("latin1"));
  if (header === null) throw new Error("pdftoppm wrote no PGM");
  const [text, width, height] = header;
  return { width: Number(width), height: Number(height), data: bytes.subarray(text.length), scale };
}

/** How many dark pixels lie in the rectangle (millimetres on the page), clipped to the page. */
export function inkIn(page: GreyPage, rect: MmRect): number {
  const x0 = Math.max(0, Math.floor(rect.x * page.scale));
  const y0 = Math.max(0, Math.floor(rect.y * page.scale));
  const x1 = Math.min(page.width, Math.ceil((rect.x + rect.width) * page.scale));
  const y1 = Math.min(page.height, Math.ceil((rect.y + rect.height) * page.scale));
  let ink = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if ((page.data[y * page.width + x] ?? 255) < 160) ink++;
  return ink;
}

let wasmLoaded = false;

/** The codes ZXing reads in the rectangle. */
export async function codesIn(page: GreyPage, rect: MmRect): Promise<string[]> {
  if (!wasmLoaded) {
    const require = createRequire(import.meta.url);
    const bytes = await readFile(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    prepareZXingModule({ overrides: { wasmBinary } });
    wasmLoaded = true;
  }
  const x0 = Math.max(0, Math.floor(rect.x * page.scale));
  const y0 = Math.max(0, Math.floor(rect.y * page.scale));
  const width = Math.min(page.width - x0, Math.round(rect.width * page.scale));
  const height = Math.min(page.height - y0, Math.round(rect.height * page.scale));
  // Grey to RGBA byte by byte: no array made per pixel (a page of labels is millions of them).
  const data = new Uint8ClampedArray(width * height * 4);
  let at = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const grey = page.data[(y0 + y) * page.width + x0 + x] ?? 255;
      data[at++] = grey;
      data[at++] = grey;
      data[at++] = grey;
      data[at++] = 255;
    }
  // zxing-wasm reads plain pixels in Node; the DOM's ImageData type asks for more than it uses.
  const pixels = { data, width, height } as unknown as Parameters<typeof readBarcodes>[0];
  const found = await readBarcodes(pixels, { formats: ["EAN13", "EAN8", "UPCA"], tryHarder: true });
  return found.filter((code) => code.isValid).map((code) => code.text);
}
