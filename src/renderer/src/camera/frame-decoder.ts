// The page's end of the decoder worker: one frame at a time is handed over (transferred, not
// copied); a frame that comes while one is being read is not queued but left out, so a slow
// computer reads fewer frames instead of falling further and further behind the camera.
import type { CameraReading } from "../../../shared/camera/camera-code.ts";
import type { DecodeAnswer, DecodeRequest } from "./decode-messages.ts";

export interface FrameDecoder {
  /** The codes in the frame and where; null while another frame is being read (this one is dropped). */
  decode(frame: ImageBitmap): Promise<CameraReading[] | null>;
  close(): void;
}

export function startFrameDecoder(): FrameDecoder {
  const worker = new Worker(new URL("./decode-worker.ts", import.meta.url), { type: "module" });
  let nextId = 0;
  let waiting: { id: number; done: (answer: DecodeAnswer) => void } | null = null;
  worker.onmessage = ({ data }: MessageEvent<DecodeAnswer>) => {
    if (waiting?.id !== data.id) return;
    const { done } = waiting;
    waiting = null;
    done(data);
  };
  return {
    async decode(frame) {
      if (waiting !== null) {
        frame.close();
        return null;
      }
      nextId += 1;
      const request: DecodeRequest = { id: nextId, frame };
      const answer = await new Promise<DecodeAnswer>((done) => {
        waiting = { id: request.id, done };
        worker.postMessage(request, [frame]);
      });
      if (!answer.ok) throw new Error(answer.message);
      return answer.readings;
    },
    close() {
      worker.terminate();
      waiting = null;
    },
  };
}
