// Settings: checked numbers, the change sent whole, the answer shown.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { en } from "../../../src/renderer/src/i18n/messages-en.ts";
import { SettingsForm } from "../../../src/renderer/src/settings/settings-form.tsx";
import type { IpcResult } from "../../../src/shared/ipc/ipc-result.ts";
import {
  type AppSettings,
  defaultSettings,
  type SettingsChange,
} from "../../../src/shared/settings/app-settings.ts";

type Save = (change: SettingsChange) => Promise<IpcResult<AppSettings>>;
const branches = async () => ({
  ok: true as const,
  value: [
    { branch: "3f1c2a8e-5b7d-4e21-9a0c-6d8b1e4f7a01", products: 1405, name: "Berlin Mitte", number: 1 },
    { branch: "hamburg", products: 194, name: null, number: null },
  ],
});

function show(
  onSave = vi.fn<Save>(async (change) => ({
    ok: true,
    value: { ...defaultSettings, ...change } as AppSettings,
  })),
  systemLanguage?: string,
) {
  render(
    <I18nProvider language="en">
      <SettingsForm
        settings={{
          ...defaultSettings,
          baseUrl: "http://127.0.0.1:8787",
          prices: { branch: "old-7", currency: null },
        }}
        onSave={onSave}
        loadBranches={branches}
        {...(systemLanguage === undefined ? {} : { systemLanguage })}
      />
    </I18nProvider>,
  );
  return onSave;
}

describe("settings form", () => {
  it("shows each field once, in its own section: no id twice, the time limits under Connection", async () => {
    const none = async () => ({ ok: true as const, value: [] as string[] });
    render(
      <I18nProvider language="en">
        <SettingsForm
          settings={defaultSettings}
          onSave={vi.fn<Save>()}
          loadBranches={branches}
          loadKeySets={none}
          loadSerialPorts={none}
          saveDiagnostics={async () => ({ ok: true, value: { file: "diagnostics.zip" } })}
        />
      </I18nProvider>,
    );
    await screen.findByRole("img", { name: "Scanner setup code" });
    const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const section = (legend: string) => screen.getByRole("group", { name: legend });
    const labelsIn = (legend: string) =>
      [...section(legend).querySelectorAll("label")].map((label) => label.textContent);
    expect(labelsIn(en["settings.connection"])).toEqual([
      en["settings.connectTimeout"],
      en["settings.firstByteTimeout"],
      en["settings.answerTimeout"],
      en["settings.syncStall"],
      en["settings.syncLimit"],
      en["settings.signInLimit"],
    ]);
    expect(within(section(en["settings.pictures"])).getByLabelText(en["settings.pictureCap"])).toBeTruthy();
    expect(labelsIn(en["settings.pictures"])).toHaveLength(2);
  });

  it("draws the scanner's setup code bar for bar once its drawing library has loaded", async () => {
    show();
    const image = (await screen.findByRole("img", { name: "Scanner setup code" })) as HTMLImageElement;
    expect(image.src.startsWith("data:image/svg+xml;utf8,")).toBe(true);
    // Some 500 modules at 2 px each: drawn at its own size, not an image's default.
    expect(image.width).toBeGreaterThan(900);
    expect(decodeURIComponent(image.src)).toContain(`width="${image.width}"`);
  });

  it("offers the system's language first, saying which it is, then each language named in itself", async () => {
    const onSave = show(undefined, "pl-PL");
    const field = screen.getByLabelText("Language") as HTMLSelectElement;
    expect(field.value).toBe("");
    expect([...field.options].map((option) => option.textContent)).toEqual([
      "As this computer: Polski",
      "English",
      "Deutsch",
      "Français",
      "Español",
      "Italiano",
      "Nederlands",
      "Polski",
    ]);
    expect(field.options[3]?.lang).toBe("fr");
    fireEvent.change(field, { target: { value: "nl" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(onSave.mock.calls[0]?.[0].language).toBe("nl");
  });

  it("turns the picture download off and sets the pictures' space, and refuses a space it cannot use", async () => {
    const onSave = show();
    const space = screen.getByLabelText(/Space for pictures/);
    fireEvent.change(space, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Space for pictures.*1.*100000/);
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(space, { target: { value: "2000" } });
    fireEvent.click(screen.getByLabelText("Download product pictures after each sync"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(onSave.mock.calls[0]?.[0].images).toEqual({ enabled: false, capMegabytes: 2000 });
  });

  it("saves the service address, intervals, scanner thresholds, prefix key, timeouts, limits, sound and language", async () => {
    const onSave = show();
    fireEvent.change(screen.getByLabelText(/Sync every/), { target: { value: "30" } });
    fireEvent.change(screen.getByLabelText(/out of date after/), { target: { value: "12" } });
    fireEvent.change(screen.getByLabelText(/Longest pause/), { target: { value: "40" } });
    fireEvent.change(screen.getByLabelText(/Shortest scan/), { target: { value: "8" } });
    fireEvent.change(screen.getByLabelText(/prefix key/), { target: { value: "F9" } });
    fireEvent.change(screen.getByLabelText(/no answer starts/), { target: { value: "90" } });
    fireEvent.change(screen.getByLabelText(/no progress/), { target: { value: "20" } });
    fireEvent.change(screen.getByLabelText(/Give up a sync attempt/), { target: { value: "300" } });
    fireEvent.click(screen.getByLabelText("Sound on scan"));
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "de" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    const change = onSave.mock.calls[0]?.[0];
    expect(change).toMatchObject({
      baseUrl: "http://127.0.0.1:8787",
      syncIntervalMinutes: 30,
      staleAfterHours: 12,
      sound: false,
      language: "de",
      requestTimeouts: { ...defaultSettings.requestTimeouts, firstByteSeconds: 90 },
      syncStallMinutes: 20,
      timeLimits: { syncSeconds: 300, signInSeconds: defaultSettings.timeLimits.signInSeconds },
      scanner: {
        maxKeyGapMs: 40,
        minLength: 8,
        triggerKey: "F9",
        maxScanMs: defaultSettings.scanner.maxScanMs,
      },
    });
  });

  it("offers the branches by number and name with their product counts, keeps a branch typed earlier, and saves the one chosen", async () => {
    const onSave = show();
    const select = screen.getByLabelText("This till's branch") as HTMLSelectElement;
    await screen.findByRole("option", { name: "1 Berlin Mitte (1,405 products)" });
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "None: the default prices",
      "old-7 (0 products)",
      "1 Berlin Mitte (1,405 products)",
      "hamburg (194 products)",
    ]);
    expect(select.value).toBe("old-7");
    fireEvent.change(select, { target: { value: "hamburg" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(onSave.mock.calls[0]?.[0].prices).toEqual({ branch: "hamburg", currency: null });
  });

  it("takes a typed branch id over the list and a currency in any case; none clears the branch", async () => {
    const onSave = show();
    fireEvent.change(screen.getByLabelText(/Or type a branch ID/), { target: { value: " 0042 " } });
    fireEvent.change(screen.getByLabelText(/Currency/), { target: { value: "chf" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(onSave.mock.calls[0]?.[0].prices).toEqual({ branch: "0042", currency: "CHF" });
    fireEvent.change(screen.getByLabelText(/Or type a branch ID/), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("This till's branch"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText(/Currency/), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]?.[0].prices).toEqual({ branch: null, currency: null });
  });

  it("saves the shop's country and a unit price rule of its own for the shelf labels", async () => {
    const onSave = show();
    const country = screen.getByLabelText(/The shop's country/) as HTMLSelectElement;
    expect(country.value).toBe("DE");
    expect([...country.options].map((option) => option.value)).toContain("IT");
    fireEvent.change(country, { target: { value: "IT" } });
    fireEvent.change(screen.getByLabelText("Unit price"), { target: { value: "per-100-up-to-250" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(onSave.mock.calls[0]?.[0].shelfLabels).toEqual({
      country: "IT",
      unitPriceRule: "per-100-up-to-250",
    });
    fireEvent.change(screen.getByLabelText("Unit price"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]?.[0].shelfLabels).toEqual({ country: "IT", unitPriceRule: null });
  });

  it("refuses a currency that is not three letters, sending nothing", async () => {
    const onSave = show();
    fireEvent.change(screen.getByLabelText(/Currency/), { target: { value: "euro" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Currency: enter three capital letters such as EUR, or leave it empty.",
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses a number out of range with a plain message, sending nothing", async () => {
    const onSave = show();
    fireEvent.change(screen.getByLabelText(/Longest pause/), { target: { value: "5000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Longest pause between scanner keys (ms): enter a whole number from 5 to 1000.",
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows why the catalog refused the change", async () => {
    show(
      vi.fn(async () => ({
        ok: false as const,
        error: { kind: "invalid-argument" as const, message: "baseUrl: an http:// or https:// address" },
      })),
    );
    fireEvent.change(screen.getByLabelText("Service address"), { target: { value: "ftp://x" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Not saved: baseUrl: an http:// or https:// address",
    );
  });
});
