// Settings, Camera: whether the camera starts with the scan screen, which camera, and how long a code
// must be out of view to count again. The list of cameras is the system's video inputs; their names
// show once the camera has been allowed (before that, numbers).
import { useEffect, useState } from "react";
import { shortestAwayMs } from "../../../shared/camera/code-confirmation.ts";
import type { CameraSettings } from "../../../shared/settings/app-settings.ts";
import { cameraAvailable } from "../camera/camera-session.ts";
import { useI18n } from "../i18n/i18n.tsx";

/** Out of view for this long, a code counts again: the shortest the rules allow, and longer ones. */
const awayChoicesMs = [shortestAwayMs, 1000, 2000, 3000, 5000];

interface CameraChoice {
  deviceId: string;
  label: string;
}

export function CameraFields(props: {
  formId: string;
  value: CameraSettings;
  onValue: (value: CameraSettings) => void;
}) {
  const { t, seconds } = useI18n();
  const { value, onValue, formId } = props;
  const [cameras, setCameras] = useState<CameraChoice[]>([]);
  useEffect(() => {
    if (!cameraAvailable()) return;
    let current = true;
    navigator.mediaDevices
      .enumerateDevices()
      .then((devices) => {
        const inputs = devices.filter((device) => device.kind === "videoinput" && device.deviceId !== "");
        if (current) setCameras(inputs.map(({ deviceId, label }) => ({ deviceId, label })));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  const chosenMissing =
    value.deviceId !== null && !cameras.some((camera) => camera.deviceId === value.deviceId);

  return (
    <fieldset>
      <legend>{t("settings.camera")}</legend>
      <div className="field checkbox">
        <input
          id={`${formId}-cameraStart`}
          type="checkbox"
          checked={value.startWithScan}
          onChange={(event) => onValue({ ...value, startWithScan: event.target.checked })}
        />
        <label htmlFor={`${formId}-cameraStart`}>{t("settings.cameraStart")}</label>
      </div>
      <div className="field">
        <label htmlFor={`${formId}-cameraDevice`}>{t("settings.cameraDevice")}</label>
        <select
          id={`${formId}-cameraDevice`}
          value={value.deviceId ?? ""}
          onChange={(event) => onValue({ ...value, deviceId: event.target.value || null })}
        >
          <option value="">{t("settings.cameraDefault")}</option>
          {cameras.map((camera, index) => (
            <option key={camera.deviceId} value={camera.deviceId}>
              {camera.label || t("settings.cameraNumbered", { number: index + 1 })}
            </option>
          ))}
          {chosenMissing && <option value={value.deviceId ?? ""}>{t("settings.cameraAbsent")}</option>}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${formId}-cameraAway`}>{t("settings.cameraAway")}</label>
        <select
          id={`${formId}-cameraAway`}
          value={value.awayMs}
          onChange={(event) => onValue({ ...value, awayMs: Number(event.target.value) })}
        >
          {/* A value stored by hand outside the choices stays shown as it is. */}
          {[...new Set([...awayChoicesMs, value.awayMs])]
            .sort((a, b) => a - b)
            .map((ms) => (
              <option key={ms} value={ms}>
                {seconds(ms)}
              </option>
            ))}
        </select>
      </div>
    </fieldset>
  );
}
