// The favourite set named in the settings: picked from the sets the catalog holds, none for the
// till's own choice, and a name saved earlier that the catalog no longer holds kept until changed.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { SettingsForm } from "../../../src/renderer/src/settings/settings-form.tsx";
import type { IpcResult } from "../../../src/shared/ipc/ipc-result.ts";
import {
  type AppSettings,
  defaultSettings,
  type SettingsChange,
} from "../../../src/shared/settings/app-settings.ts";

type Save = (change: SettingsChange) => Promise<IpcResult<AppSettings>>;

function show(favouriteSet: string | null) {
  const onSave = vi.fn<Save>(async (change) => ({
    ok: true,
    value: { ...defaultSettings, ...change } as AppSettings,
  }));
  render(
    <I18nProvider language="en">
      <SettingsForm
        settings={{ ...defaultSettings, baseUrl: "http://127.0.0.1:8787", favouriteSet }}
        onSave={onSave}
        loadBranches={async () => ({ ok: true, value: [] })}
        loadKeySets={async () => ({ ok: true, value: ["Bäckertheke", "Getränketheke"] })}
      />
    </I18nProvider>,
  );
  return onSave;
}

const field = () => screen.getByLabelText<HTMLSelectElement>("Favourite set, where the branch names none");
const saved = async (onSave: ReturnType<typeof show>) => {
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  await screen.findByText("Saved.");
  return onSave.mock.calls.at(-1)?.[0].favouriteSet;
};

describe("the favourite set in the settings", () => {
  it("offers the sets the catalog holds and saves the one picked by name, or none", async () => {
    const onSave = show(null);
    await screen.findByRole("option", { name: "Getränketheke" });
    expect([...field().options].map((option) => option.text)).toEqual([
      "None: the only set, else the product groups",
      "Bäckertheke",
      "Getränketheke",
    ]);
    fireEvent.change(field(), { target: { value: "Getränketheke" } });
    expect(await saved(onSave)).toBe("Getränketheke");
    fireEvent.change(field(), { target: { value: "" } });
    expect(await saved(onSave)).toBeNull();
  });

  it("keeps a set named earlier that the catalog no longer holds, marked so", async () => {
    const onSave = show("Café");
    await screen.findByRole("option", { name: "Getränketheke" });
    expect(field().value).toBe("Café");
    expect(field().selectedOptions[0]?.text).toBe("Café (not in the catalog)");
    expect(await saved(onSave)).toBe("Café");
  });
});
