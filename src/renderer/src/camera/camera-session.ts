// One time the camera is on: the stream into the preview, each new video frame to the decoder
// worker, the counting rules on what it reads, and every way it ends. It ends when the page stops
// it (the view closed), when the app is hidden, after a minute without a code, or when the camera
// fails; whichever way, every track is stopped, so the camera's light goes out.
import type { CameraCode } from "../../../shared/camera/camera-code.ts";
import { createCodeConfirmation } from "../../../shared/camera/code-confirmation.ts";
import { type CameraClock, startIdleStop } from "../../../shared/camera/idle-stop.ts";
import { startFrameDecoder } from "./frame-decoder.ts";

/** Why the camera stopped by itself. */
export type CameraStopReason = "idle" | "hidden" | "refused" | "missing" | "busy" | "failed";

export interface CameraSessionOptions {
  video: HTMLVideoElement;
  /** null: the system's default camera. */
  deviceId: string | null;
  /** How long a code must be out of view to count again (code-confirmation.ts). */
  awayMs: number;
  clock: CameraClock;
  onCode(code: CameraCode): void;
  /** It stopped by itself, not by stop(): why, and the browser's own words for a failure. */
  onStopped(reason: CameraStopReason, detail: string): void;
}

export interface CameraSession {
  stop(): void;
}

export const browserClock: CameraClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function startCameraSession(options: CameraSessionOptions): CameraSession {
  const { video, clock } = options;
  let stopped = false;
  let stream: MediaStream | null = null;
  const decoder = startFrameDecoder();
  const rules = createCodeConfirmation(clock.now, options.awayMs);
  const idle = startIdleStop(clock, () => end("idle", ""));
  const onVisibility = () => {
    if (document.visibilityState === "hidden") end("hidden", "");
  };
  document.addEventListener("visibilitychange", onVisibility);

  function release(): void {
    stopped = true;
    idle.cancel();
    document.removeEventListener("visibilitychange", onVisibility);
    decoder.close();
    for (const track of stream?.getTracks() ?? []) track.stop();
    // The preview may already show the stream of a session started after this one (the camera turned
    // off and on again at once, another camera chosen): only this session's own is taken away.
    if (stream !== null && video.srcObject === stream) video.srcObject = null;
  }

  function end(reason: CameraStopReason, detail: string): void {
    if (stopped) return;
    release();
    options.onStopped(reason, detail);
  }

  // Each decoded frame is a new one from the camera: "two frames in a row" are never one frame twice.
  function nextFrame(): void {
    if (!stopped) video.requestVideoFrameCallback(() => void readFrame());
  }

  async function readFrame(): Promise<void> {
    if (stopped) return;
    const frame = await grabFrame();
    if (frame === null) return nextFrame();
    try {
      const readings = await decoder.decode(frame);
      if (readings === null || stopped) return nextFrame();
      for (const code of rules.frame(readings)) {
        idle.codeCounted();
        options.onCode(code);
      }
    } catch (error) {
      return end("failed", error instanceof Error ? error.message : String(error));
    }
    nextFrame();
  }

  /**
   * The frame the preview shows, or null when it has none to give for now: Chromium can announce a
   * frame while the video is between two states (it started, changed size), and the next frame does.
   */
  async function grabFrame(): Promise<ImageBitmap | null> {
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
    try {
      return await createImageBitmap(video);
    } catch {
      return null;
    }
  }

  const constraints: MediaStreamConstraints = {
    audio: false,
    video: {
      ...(options.deviceId === null ? {} : { deviceId: { exact: options.deviceId } }),
      width: { ideal: 1280 },
      height: { ideal: 720 },
    },
  };
  navigator.mediaDevices.getUserMedia(constraints).then(
    (opened) => {
      stream = opened;
      if (stopped) return release();
      video.srcObject = opened;
      video.play().catch(() => undefined);
      nextFrame();
    },
    (error: unknown) => end(reasonOf(error), error instanceof Error ? error.message : String(error)),
  );

  return { stop: () => (stopped ? undefined : release()) };
}

/** getUserMedia's failures by their DOMException names, as a cashier can act on them. */
function reasonOf(error: unknown): CameraStopReason {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "refused";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "missing";
  if (name === "NotReadableError" || name === "AbortError") return "busy";
  return "failed";
}

/** Whether this page can use a camera at all (not in a page without media devices, such as tests). */
export function cameraAvailable(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}
