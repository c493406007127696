// ZXing-C++ (zxing-wasm) reading the codes a till sells by: EAN-13/8, UPC-A/E, Code 128 (GS1-128
// too), GS1 DataBar, DataMatrix (GS1 too) and QR. Its WebAssembly comes from the app itself, never
// from the CDN zxing-wasm would fetch it from by default: the host says where (a bundled file's
// address in the page, the file's bytes in Node).
import { prepareZXingModule, type ReaderOptions, readBarcodes } from "zxing-wasm/reader";
import type { CameraReading, FramePoint } from "../../../shared/camera/camera-code.ts";

const readerOptions: ReaderOptions = {
  formats: [
    "EAN13",
    "EAN8",
    "UPCA",
    "UPCE",
    "Code128",
    "DataBar",
    "DataBarExp",
    "DataBarLtd",
    "DataMatrix",
    "QRCode",
  ],
  // Plain text keeps the GS1 separator (ASCII 29) where the code has one, as a scanner sends it.
  textMode: "Plain",
  tryHarder: true,
  tryRotate: true,
  // A shop's counter rarely shows more than a few codes at once; each more costs time per frame.
  maxNumberOfSymbols: 4,
};

export type WasmSource = { kind: "address"; url: string } | { kind: "bytes"; bytes: ArrayBuffer };

/** Points zxing-wasm at the app's own copy of its WebAssembly, before its first read. */
export function loadWasmFrom(source: WasmSource): void {
  const overrides =
    source.kind === "bytes"
      ? { wasmBinary: source.bytes }
      : {
          locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? source.url : prefix + path),
        };
  prepareZXingModule({ overrides });
}

const pointOf = ({ x, y }: FramePoint): FramePoint => ({ x, y });

/** The valid codes in one image, each with the AIM identifier ZXing reports and where it lies. */
export async function readCodes(image: ImageData): Promise<CameraReading[]> {
  const results = await readBarcodes(image, readerOptions);
  return results
    .filter((result) => result.isValid && result.text !== "")
    .map(({ text, symbologyIdentifier, position, lineCount }) => ({
      code: { text, symbologyId: symbologyIdentifier },
      corners: [
        pointOf(position.topLeft),
        pointOf(position.topRight),
        pointOf(position.bottomRight),
        pointOf(position.bottomLeft),
      ],
      rows: lineCount,
    }));
}
