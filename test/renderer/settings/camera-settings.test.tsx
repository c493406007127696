// Settings, Camera: the system's cameras to choose from (named once allowed, else numbered), one
// chosen before and now missing still shown, how long a code must be out of view to count again, and
// the choices saved with the rest of the settings.
// jsdom has no cameras: navigator.mediaDevices is given the list a browser would answer.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { SettingsForm } from "../../../src/renderer/src/settings/settings-form.tsx";
import type { IpcResult } from "../../../src/shared/ipc/ipc-result.ts";
import {
  type AppSettings,
  defaultSettings,
  type SettingsChange,
  settingsFromStored,
} from "../../../src/shared/settings/app-settings.ts";

type Save = (change: SettingsChange) => Promise<IpcResult<AppSettings>>;

function systemCameras(devices: Pick<MediaDeviceInfo, "deviceId" | "kind" | "label">[]): void {
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: async () => null, enumerateDevices: async () => devices },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "mediaDevices");
});

function show(camera: AppSettings["camera"], language = "en") {
  const onSave = vi.fn<Save>(async (change) => ({
    ok: true,
    value: { ...defaultSettings, ...change } as AppSettings,
  }));
  render(
    <I18nProvider language={language}>
      <SettingsForm
        settings={{ ...defaultSettings, camera }}
        onSave={onSave}
        loadBranches={async () => ({ ok: true, value: [] })}
      />
    </I18nProvider>,
  );
  return onSave;
}

describe("the camera settings", () => {
  it("lists the cameras, numbered while unnamed, and saves the one chosen and to start with the scan screen", async () => {
    systemCameras([
      { deviceId: "front", kind: "videoinput", label: "" },
      { deviceId: "mic", kind: "audioinput", label: "Microphone" },
      { deviceId: "usb", kind: "videoinput", label: "USB Camera" },
    ]);
    const onSave = show(defaultSettings.camera);
    const which = screen.getByLabelText("Which camera") as HTMLSelectElement;
    await waitFor(() => expect(which.options).toHaveLength(3));
    expect([...which.options].map((option) => option.textContent)).toEqual([
      "The computer's default camera",
      "Camera 1",
      "USB Camera",
    ]);
    fireEvent.change(which, { target: { value: "usb" } });
    fireEvent.click(screen.getByLabelText("Turn the camera on with the scan screen"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0].camera).toEqual({ startWithScan: true, deviceId: "usb", awayMs: 500 });
  });

  it("keeps a camera chosen before that is not connected now, and the default saves as none", async () => {
    systemCameras([{ deviceId: "usb", kind: "videoinput", label: "USB Camera" }]);
    const onSave = show({ startWithScan: false, deviceId: "gone", awayMs: 500 });
    const which = screen.getByLabelText("Which camera") as HTMLSelectElement;
    await waitFor(() => expect(which.options).toHaveLength(3));
    expect(which.value).toBe("gone");
    expect(which.selectedOptions[0]?.textContent).toBe("The camera chosen before (not connected now)");
    fireEvent.change(which, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0].camera).toEqual({ startWithScan: false, deviceId: null, awayMs: 500 });
  });

  it("offers half a second and longer out of view before a code counts again, and saves the choice", async () => {
    systemCameras([]);
    const onSave = show(defaultSettings.camera);
    const away = screen.getByLabelText(
      "Count the same code again after it was out of view for",
    ) as HTMLSelectElement;
    expect(away.value).toBe("500");
    expect([...away.options].map((option) => option.textContent)).toEqual([
      "0.5 seconds",
      "1 second",
      "2 seconds",
      "3 seconds",
      "5 seconds",
    ]);
    fireEvent.change(away, { target: { value: "2000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0].camera).toEqual({ startWithScan: false, deviceId: null, awayMs: 2000 });
  });

  it("in German, in German words; a time set by hand outside the choices stays shown", () => {
    systemCameras([]);
    show({ ...defaultSettings.camera, awayMs: 1500 }, "de");
    const away = screen.getByLabelText(
      "Denselben Code erneut zählen, nachdem er so lange nicht im Bild war",
    ) as HTMLSelectElement;
    expect(away.selectedOptions[0]?.textContent).toBe("1,5 Sekunden");
  });

  it("settings stored before the choice existed keep their camera and get half a second", () => {
    const stored = settingsFromStored({ camera: { startWithScan: true, deviceId: "usb" } });
    expect(stored.settings.camera).toEqual({ startWithScan: true, deviceId: "usb", awayMs: 500 });
    expect(stored.unusable).toEqual([]);
    expect(
      settingsFromStored({ camera: { startWithScan: true, deviceId: null, awayMs: 100 } }).unusable,
    ).toHaveLength(1);
  });
});
