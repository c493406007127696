// The decoder's worker: each camera frame arrives as an ImageBitmap (taken on the page's thread
// without copying pixels), is turned into pixels and read here, off the thread that paints the till.
/// <reference types="vite/client" />
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { loadWasmFrom, readCodes } from "./barcode-reader.ts";
import type { DecodeAnswer, DecodeRequest } from "./decode-messages.ts";

loadWasmFrom({ kind: "address", url: wasmUrl });

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(answer: DecodeAnswer): void;
};

let canvas: OffscreenCanvas | null = null;

function pixelsOf(frame: ImageBitmap): ImageData {
  if (canvas === null || canvas.width !== frame.width || canvas.height !== frame.height) {
    canvas = new OffscreenCanvas(frame.width, frame.height);
  }
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (context === null) throw new Error("This computer cannot draw camera frames off the page's thread.");
  context.drawImage(frame, 0, 0);
  return context.getImageData(0, 0, frame.width, frame.height);
}

scope.onmessage = async ({ data }) => {
  try {
    const readings = await readCodes(pixelsOf(data.frame));
    scope.postMessage({ id: data.id, ok: true, readings });
  } catch (error) {
    scope.postMessage({
      id: data.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  } finally {
    data.frame.close();
  }
};
