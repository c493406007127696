// The scan screen's camera: a button that turns it on and off, the preview while it is on, and why
// it stopped when it stopped by itself. On from the start when the settings say so.
import { useState } from "react";
import type { CameraCode } from "../../../shared/camera/camera-code.ts";
import type { CameraSettings } from "../../../shared/settings/app-settings.ts";
import { type MessageKey, useI18n } from "../i18n/i18n.tsx";
import { type CameraStopReason, cameraAvailable } from "./camera-session.ts";
import { CameraView } from "./camera-view.tsx";

export interface CameraPanelProps {
  settings: CameraSettings;
  onCode: (code: CameraCode) => void;
}

const stopMessages: Record<CameraStopReason, MessageKey> = {
  idle: "camera.stoppedIdle",
  hidden: "camera.stoppedHidden",
  refused: "camera.refused",
  missing: "camera.missing",
  busy: "camera.busy",
  failed: "camera.failed",
};

export function CameraPanel({ settings, onCode }: CameraPanelProps) {
  const { t } = useI18n();
  const [on, setOn] = useState(settings.startWithScan && cameraAvailable());
  const [stop, setStop] = useState<{ reason: CameraStopReason; detail: string } | null>(null);
  if (!cameraAvailable()) return null;

  return (
    <section className="camera-panel" aria-label={t("camera.label")}>
      <button
        type="button"
        aria-pressed={on}
        onClick={() => {
          setStop(null);
          setOn(!on);
        }}
      >
        {on ? t("camera.turnOff") : t("camera.turnOn")}
      </button>
      {on && (
        <CameraView
          deviceId={settings.deviceId}
          awayMs={settings.awayMs}
          onCode={onCode}
          onStopped={(reason, detail) => {
            setOn(false);
            setStop({ reason, detail });
          }}
        />
      )}
      <p className="camera-stop" role="status">
        {stop && t(stopMessages[stop.reason], { message: stop.detail })}
      </p>
    </section>
  );
}
