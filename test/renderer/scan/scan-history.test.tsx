// The scan history beside the scan screen, in the whole app over a stand-in window.catalog: the last
// 20 scans newest first, what each found or why not, each opening its answer again, gone on sign-out.
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withCheckDigit } from "../../../src/shared/barcode/gtin.ts";
import { fakeCatalog } from "../support/fake-catalog.ts";
import { showApp } from "../support/show-app.tsx";

const milk = "4006381333931";
const blueM = "4000000000048";

/** A code typed into the scan screen's field and sent; waits for its answer at the top of the history. */
async function scan(code: string): Promise<void> {
  const field = screen.getByLabelText("Barcode or code");
  const top = entries()[0];
  fireEvent.change(field, { target: { value: code } });
  fireEvent.submit(field);
  await vi.waitFor(() => expect(entries()[0]).not.toBe(top));
  expect(entries()[0]?.textContent).toContain(code);
}

const history = () => screen.getByRole("region", { name: "Recent scans" });
const entries = () => within(history()).queryAllByRole("button");
const texts = () => entries().map((entry) => entry.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe("scan history", () => {
  it("starts empty, saying what it will hold", async () => {
    showApp();
    await screen.findByLabelText("Barcode or code");
    expect(within(history()).getByText("Scans of this session appear here, newest first.")).toBeTruthy();
    expect(entries()).toEqual([]);
  });

  it("shows each scan's time, code, and the product's name and price, or why nothing was found", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 25, 14, 5, 9));
    showApp();
    await screen.findByLabelText("Barcode or code");
    await scan(milk);
    vi.setSystemTime(new Date(2026, 10, 25, 14, 5, 31));
    const misread = `${withCheckDigit("400638133393").slice(0, 12)}0`;
    await scan(misread);
    const time = (hours: number, minutes: number, seconds: number) =>
      new Intl.DateTimeFormat("en", { timeStyle: "medium" }).format(
        new Date(2026, 10, 25, hours, minutes, seconds),
      );
    expect(texts()).toEqual([
      `Not found${time(14, 5, 31)} · ${misread} · check digit wrong`,
      `Bio Vollmilch 1 l€1.19${time(14, 5, 9)} · ${milk}`,
    ]);
    expect(entries()[0]?.classList.contains("not-found")).toBe(true);
  });

  it("says a lookup that failed, in plain words", async () => {
    const catalog = fakeCatalog();
    catalog.api.lookup = () =>
      Promise.resolve({ ok: false, error: { kind: "timeout", message: "lookup timed out" } });
    showApp(catalog);
    await screen.findByLabelText("Barcode or code");
    await scan(milk);
    expect(entries()[0]?.textContent).toMatch(
      /^Lookup failed.* · 4006381333931 · The service did not answer in time\. Try again\.$/,
    );
  });

  it("keeps the last 20 scans, newest first", async () => {
    showApp();
    await screen.findByLabelText("Barcode or code");
    const codes = Array.from({ length: 23 }, (_, index) =>
      withCheckDigit(`99000000${String(index).padStart(4, "0")}`),
    );
    for (const code of codes) await scan(code);
    const shown = texts().map((text) => /· (\d{13})/.exec(text ?? "")?.[1]);
    expect(shown).toEqual(codes.slice(3).reverse());
  });

  it("opens a scan's answer again from its entry, without counting it as a new scan", async () => {
    const catalog = showApp();
    await screen.findByLabelText("Barcode or code");
    await scan(blueM);
    await scan(milk);
    expect(screen.getByRole("heading", { name: "Bio Vollmilch 1 l" })).toBeTruthy();
    const before = texts();
    const tshirt = entries()[1] as HTMLElement;
    tshirt.focus();
    expect(document.activeElement).toBe(tshirt);
    fireEvent.click(tshirt);
    expect(await screen.findByRole("heading", { name: "T-Shirt blue M" })).toBeTruthy();
    expect(document.querySelector('.variant-matrix [aria-current="true"]')?.textContent).toContain(blueM);
    expect(catalog.calls.filter((call) => call.method === "lookup").map((call) => call.argument)).toEqual([
      { code: blueM },
      { code: milk },
      { code: blueM },
    ]);
    expect(texts()).toEqual(before);
  });

  it("is emptied when the cashier signs out", async () => {
    showApp();
    await screen.findByText("8 products");
    await scan(milk);
    fireEvent.click(screen.getByRole("button", { name: "Account" }));
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    fireEvent.click(await screen.findByRole("button", { name: "Scan" }));
    expect(entries()).toEqual([]);
    expect(within(history()).getByText("Scans of this session appear here, newest first.")).toBeTruthy();
  });
});
