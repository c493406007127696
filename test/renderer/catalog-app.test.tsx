// The whole app over a stand-in window.catalog: scanning from any screen, the banners, the language.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session, status } from "./support/catalog-fixtures.ts";
import { fakeCatalog } from "./support/fake-catalog.ts";
import { burst, playKeys, settle } from "./support/key-timings.ts";
import { showApp } from "./support/show-app.tsx";

afterEach(() => {
  vi.useRealTimers();
});

describe("catalog app", () => {
  it("opens on the scan screen with the code field focused, and looks up a typed code", async () => {
    const catalog = showApp();
    const field = await screen.findByLabelText("Barcode or code");
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: "96385074" } });
    fireEvent.submit(field);
    expect(await screen.findByRole("heading", { name: "Bio Vollmilch 1 l" })).toBeTruthy();
    expect(document.querySelector(".scan-announcement")?.textContent).toBe("Found: Bio Vollmilch 1 l");
    expect(catalog.calls).toContainEqual({ method: "lookup", argument: { code: "96385074" } });
  });

  it("takes a scan burst while the search field has focus, shows the product, and keeps the search as it was", async () => {
    showApp();
    await screen.findByLabelText("Barcode or code");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    const search = screen.getByRole("combobox");
    search.focus();
    fireEvent.change(search, { target: { value: "shirt" } });
    await screen.findByText("5 results");
    fireEvent.keyDown(search, { key: "ArrowDown" });
    vi.useFakeTimers();
    playKeys([{ key: "4", after: 1_000 }, ...burst("000000000048", 8, "Enter")]);
    await settle();
    vi.useRealTimers();
    expect(await screen.findByRole("heading", { name: "T-Shirt blue M" })).toBeTruthy();
    const announcement = document.querySelector(".scan-announcement");
    expect(announcement?.getAttribute("aria-live")).toBe("polite");
    expect(announcement?.textContent).toBe("Found: T-Shirt blue M");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole<HTMLInputElement>("combobox").value).toBe("shirt");
    expect(screen.getByText("5 results")).toBeTruthy();
    expect(screen.getByRole("option", { selected: true }).textContent).toContain("T-Shirt red S");
  });

  it("starts the search afresh from a miss's offer, with the code that was not found", async () => {
    showApp();
    await screen.findByLabelText("Barcode or code");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "milk" } });
    fireEvent.click(screen.getByRole("button", { name: "Scan" }));
    for (const code of ["4012345678901", "4012345678901"]) {
      fireEvent.change(screen.getByLabelText("Barcode or code"), { target: { value: code } });
      fireEvent.submit(screen.getByLabelText("Barcode or code"));
      fireEvent.click(await screen.findByRole("button", { name: "Search the catalog" }));
      expect(screen.getByRole<HTMLInputElement>("combobox").value).toBe(code);
      fireEvent.change(screen.getByRole("combobox"), { target: { value: "typed over" } });
      fireEvent.click(screen.getByRole("button", { name: "Scan" }));
    }
  });

  it("leaves a short word typed fast in the search field as typing, with the default settings", async () => {
    const catalog = showApp();
    await screen.findByText("8 products");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    const search = screen.getByRole<HTMLInputElement>("combobox");
    search.focus();
    vi.useFakeTimers();
    playKeys(burst("tea", 35));
    await settle();
    vi.useRealTimers();
    expect(search.value).toBe("tea");
    expect(catalog.calls.some((call) => call.method === "lookup")).toBe(false);
  });

  it("catches the first scan after start-up, before the settings have arrived", async () => {
    showApp(fakeCatalog({ settingsReady: new Promise(() => undefined) }));
    await screen.findByText("8 products");
    vi.useFakeTimers();
    playKeys(burst("4000000000048", 8, "Enter"));
    await settle();
    vi.useRealTimers();
    expect(await screen.findByRole("heading", { name: "T-Shirt blue M" })).toBeTruthy();
  });

  it("keeps scanning from the local catalog when nobody is signed in, with a quiet banner", async () => {
    showApp(fakeCatalog({ session: null, status: status({ signedIn: false }) }));
    expect((await screen.findByRole("note")).textContent).toContain("Scanning works from the local catalog");
    fireEvent.change(screen.getByLabelText("Barcode or code"), { target: { value: "4006381333931" } });
    fireEvent.submit(screen.getByLabelText("Barcode or code"));
    expect(await screen.findByRole("heading", { name: "Bio Vollmilch 1 l" })).toBeTruthy();
  });

  it("shows an ended session as a banner, not a wall, and signs in again from it", async () => {
    const catalog = showApp(
      fakeCatalog({
        session: session({ expiresAt: "2020-01-01T00:00:00.000Z" }),
        status: status({
          session: "session-expired",
          signedIn: false,
          lastError: { kind: "sign-in-required", message: "Your session has ended. Sign in again." },
        }),
      }),
    );
    const banner = await screen.findByRole("note");
    expect(banner.textContent).toContain("Your session has ended. Scanning still works");
    expect(screen.getByLabelText("Barcode or code")).toBeTruthy();
    fireEvent.click(within(banner).getByRole("button", { name: "Sign in" }));
    const form = within(screen.getByRole("form", { name: "Sign in" }));
    fireEvent.change(form.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(form.getByRole("button", { name: "Sign in" }));
    expect((await form.findByRole("alert")).textContent).toBe("Wrong organisation, username or password.");
    fireEvent.change(form.getByLabelText("Password"), { target: { value: "right" } });
    fireEvent.click(form.getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(catalog.calls.map((call) => call.method)).toContain("startSync"));
    // Signed in again: the screens say so at once, before any sync clears the old error.
    expect(await screen.findByRole("button", { name: "Account" })).toBeTruthy();
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });

  it("shows who is signed in until when, and signs out keeping the catalog", async () => {
    const catalog = showApp();
    await screen.findByText("8 products");
    fireEvent.click(screen.getByRole("button", { name: "Account" }));
    const account = screen.getByRole("region", { name: "Signed in" });
    expect(account.textContent).toContain("till1@corner.example (Corner Shop)");
    expect(account.textContent).toMatch(/Session valid until .*2099/);
    fireEvent.click(within(account).getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeTruthy();
    expect(catalog.calls.map((call) => call.method)).toContain("signOut");
    expect(screen.getByText("Not signed in")).toBeTruthy();
  });

  it("follows the status events: progress while syncing, then the new count", async () => {
    const catalog = showApp();
    await screen.findByText("8 products");
    act(() => catalog.pushSyncing());
    expect(await screen.findByText("Syncing: 500 of 2,000")).toBeTruthy();
    act(() => catalog.pushStatus(status({ products: 2000, serverTotal: 2000 })));
    expect(await screen.findByText("2,000 products")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("speaks German once the language setting says so", async () => {
    const catalog = showApp();
    await screen.findByLabelText("Barcode or code");
    fireEvent.click(screen.getByRole("button", { name: "Settings" }));
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "de" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("heading", { name: "Einstellungen" })).toBeTruthy();
    expect(catalog.calls.some((call) => call.method === "changeSettings")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Scannen" }));
    expect(screen.getByLabelText("Barcode oder Code")).toBeTruthy();
  });

  it("opens a product from the search, with its variant matrix", async () => {
    showApp();
    await screen.findByLabelText("Barcode or code");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "t-shirt" } });
    await screen.findByText("5 results");
    fireEvent.keyDown(screen.getByRole("combobox"), { key: "Enter" });
    expect(await screen.findByRole("heading", { name: "T-Shirt" })).toBeTruthy();
    expect(screen.getAllByRole("table")).toHaveLength(1);
    fireEvent.click(screen.getAllByRole("button", { name: /4000000000024/ })[0] as HTMLElement);
    expect(await screen.findByRole("heading", { name: "T-Shirt red M" })).toBeTruthy();
  });
});
