// What the page and the decoder's worker say to each other: a frame in, its codes (or why not) out.
import type { CameraCode } from "../../../shared/camera/camera-code.ts";

export interface DecodeRequest {
  id: number;
  frame: ImageBitmap;
}

export type DecodeAnswer =
  | { id: number; ok: true; codes: CameraCode[] }
  | { id: number; ok: false; message: string };
