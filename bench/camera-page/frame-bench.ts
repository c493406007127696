// The page of the camera benchmark (bench/camera-decode.ts), built with Vite as the app is: a
// 1280x720 frame with a barcode in the middle, read (1) the app's way, a frame taken as an ImageBitmap
// and handed to the decoder worker (frame-decoder.ts, the worker the app starts), and (2) the
// baseline, the same reader on the frame's pixels already in an ImageData, on this page's thread.
/// <reference types="vite/client" />
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { loadWasmFrom, readCodes } from "../../src/renderer/src/camera/barcode-reader.ts";
import { startFrameDecoder } from "../../src/renderer/src/camera/frame-decoder.ts";

loadWasmFrom({ kind: "address", url: wasmUrl });

const canvas = document.createElement("canvas");
canvas.width = 1280;
canvas.height = 720;
const context = canvas.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
const decoder = startFrameDecoder();

async function drawFrame(pngDataUrl: string): Promise<void> {
  const image = new Image();
  image.src = pngDataUrl;
  await image.decode();
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, (canvas.width - image.width) / 2, (canvas.height - image.height) / 2);
}

/** Milliseconds of each read, and what the last one read (the figure means nothing if that is empty). */
async function timeReads(
  count: number,
  read: () => Promise<string[]>,
): Promise<{ ms: number[]; texts: string[] }> {
  const ms: number[] = [];
  let texts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    texts = await read();
    ms.push(performance.now() - started);
  }
  return { ms, texts };
}

const bench = {
  drawFrame,
  /** The app's path: the frame as an ImageBitmap, into the worker, pixels and read there. */
  framePath: (count: number) =>
    timeReads(count, async () => {
      const readings = await decoder.decode(await createImageBitmap(canvas));
      return (readings ?? []).map(({ code }) => code.text);
    }),
  /** The baseline: the reader on pixels already decoded. */
  decodedImage: (count: number) => {
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return timeReads(count, async () => (await readCodes(pixels)).map(({ code }) => code.text));
  },
};

(window as unknown as { cameraBench: typeof bench }).cameraBench = bench;
