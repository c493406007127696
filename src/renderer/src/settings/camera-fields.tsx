// Settings, Camera: whether the camera starts with the scan screen, and which camera. The list is the
// system's video inputs; their names show once the camera has been allowed (before that, numbers).
import { useEffect, useState } from "react";
import type { CameraSettings } from "../../../shared/settings/app-settings.ts";
import { cameraAvailable } from "../camera/camera-session.ts";
import { useI18n } from "../i18n/i18n.tsx";

interface CameraChoice {
  deviceId: string;
  label: string;
}

export function CameraFields(props: {
  formId: string;
  value: CameraSettings;
  onValue: (value: CameraSettings) => void;
}) {
  const { t } = useI18n();
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
    </fieldset>
  );
}
