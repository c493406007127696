// The live preview with a frame to aim at, while the camera is on. Mounted only while it is on:
// unmounting it (the button, another screen) stops the camera.
import { useEffect, useRef } from "react";
import type { CameraCode } from "../../../shared/camera/camera-code.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { browserClock, type CameraStopReason, startCameraSession } from "./camera-session.ts";

export interface CameraViewProps {
  deviceId: string | null;
  /** How long a code must be out of view to count again. */
  awayMs: number;
  onCode: (code: CameraCode) => void;
  onStopped: (reason: CameraStopReason, detail: string) => void;
}

export function CameraView(props: CameraViewProps) {
  const { t, seconds } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  // The latest handlers, without restarting the camera each time the screen re-renders.
  const handlers = useRef(props);
  handlers.current = props;
  const { deviceId, awayMs } = props;

  useEffect(() => {
    if (video.current === null) return;
    const session = startCameraSession({
      video: video.current,
      deviceId,
      awayMs,
      clock: browserClock,
      onCode: (code) => handlers.current.onCode(code),
      onStopped: (reason, detail) => handlers.current.onStopped(reason, detail),
    });
    return () => session.stop();
  }, [deviceId, awayMs]);

  return (
    <figure className="camera-view">
      <div className="camera-picture">
        <video ref={video} muted playsInline aria-label={t("camera.label")} />
        <div className="camera-aim" aria-hidden="true" />
      </div>
      <figcaption className="hint">{t("camera.aim", { seconds: seconds(awayMs) })}</figcaption>
    </figure>
  );
}
