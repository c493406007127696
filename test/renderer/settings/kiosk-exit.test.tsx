// Kiosk mode's only way out: Settings offers Quit (only in kiosk mode), asks first, and Cancel (where
// the focus lands) keeps the till running.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CatalogProvider } from "../../../src/renderer/src/catalog/catalog-provider.tsx";
import { CatalogApp } from "../../../src/renderer/src/catalog-app.tsx";
import type { TillShell } from "../../../src/shared/ipc/till-shell.ts";
import { fakeCatalog } from "../support/fake-catalog.ts";

function show(shell?: TillShell) {
  render(
    <CatalogProvider api={fakeCatalog().api}>
      <CatalogApp shell={shell} />
    </CatalogProvider>,
  );
}

async function openSettings() {
  await screen.findByLabelText("Barcode or code");
  fireEvent.click(screen.getByRole("button", { name: "Settings" }));
  await screen.findByRole("heading", { name: "Settings" });
}

describe("kiosk exit", () => {
  it("asks before quitting; Cancel, focused first, keeps the app running", async () => {
    const quit = vi.fn(async () => {});
    show({ kiosk: true, quit });
    await openSettings();
    fireEvent.click(screen.getByRole("button", { name: "Quit the till app…" }));
    const question = screen.getByRole("alertdialog");
    expect(question.textContent).toContain("Scanning stops until the app is started again.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(quit).not.toHaveBeenCalled();
    expect(screen.queryByRole("alertdialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Quit the till app…" }));
    fireEvent.click(screen.getByRole("button", { name: "Quit" }));
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it("is not offered outside kiosk mode", async () => {
    show();
    await openSettings();
    expect(screen.queryByRole("button", { name: /Quit/ })).toBeNull();
    expect(screen.queryByRole("heading", { name: "This till" })).toBeNull();
  });
});
