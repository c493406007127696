// What the page and the decoder's worker say to each other: a frame in; its codes and where each
// lies in it (or why not) out.
import type { CameraReading } from "../../../shared/camera/camera-code.ts";

export interface DecodeRequest {
  id: number;
  frame: ImageBitmap;
}

export type DecodeAnswer =
  | { id: number; ok: true; readings: CameraReading[] }
  | { id: number; ok: false; message: string };
