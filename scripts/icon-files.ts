// Every icon the packaged app needs, rendered from the one source picture (resources/icon.svg):
// a PNG for Linux and the window, an .ico for Windows, an .icns for macOS. Both containers hold PNG
// images, which every supported Windows and macOS version reads.
import { Resvg } from "@resvg/resvg-js";

/** The icon's sizes in the Windows .ico: the shell picks the nearest for each place it shows one. */
const icoSizes = [16, 24, 32, 48, 64, 128, 256];

/** The PNG-carrying .icns types and their pixel sizes (the @2x types hold twice the points). */
const icnsTypes: [type: string, size: number][] = [
  ["ic11", 32],
  ["ic12", 64],
  ["ic07", 128],
  ["ic08", 256],
  ["ic13", 256],
  ["ic09", 512],
  ["ic14", 512],
  ["ic10", 1024],
];

/** The PNG for Linux packages and the window: electron-builder wants at least 512 pixels. */
const pngSize = 512;

export function renderPng(svg: string, size: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng());
}

/** An .ico: a 6-byte header, one 16-byte entry per image, then the images. */
export function icoFile(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    // 0 stands for 256: the field is one byte.
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

/** An .icns: "icns" and the file's length, then per image its type, its length and the PNG. */
export function icnsFile(images: { type: string; png: Buffer }[]): Buffer {
  const chunks = images.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, "latin1");
    head.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write("icns", 0, "latin1");
  head.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}

/** The files to write into resources/, by name. */
export function iconFiles(svg: string): Map<string, Buffer> {
  const pngs = new Map<number, Buffer>();
  const png = (size: number) => {
    let rendered = pngs.get(size);
    if (rendered === undefined) {
      rendered = renderPng(svg, size);
      pngs.set(size, rendered);
    }
    return rendered;
  };
  return new Map([
    ["icon.png", png(pngSize)],
    ["icon.ico", icoFile(icoSizes.map((size) => ({ size, png: png(size) })))],
    ["icon.icns", icnsFile(icnsTypes.map(([type, size]) => ({ type, png: png(size) })))],
  ]);
}
