// The serial scanner on the page, in the whole app over a stand-in window.catalog: its codes take the
// keyboard wedge's path (looked up by the symbology it reported, shown, kept in the history marked as
// the serial scanner's), its port's state in the status bar, and its settings saved.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type ScanEntry, withScan } from "../../../src/renderer/src/scan/use-scan-history.ts";
import { fakeCatalog } from "../support/fake-catalog.ts";
import { showApp } from "../support/show-app.tsx";

const history = () => screen.getByRole("region", { name: "Recent scans" });
const entries = () => within(history()).queryAllByRole("button");
const statusBar = (name = "Catalog status") => screen.getByRole("region", { name });

describe("a serial scanner's codes on the page", () => {
  it("are looked up by their symbology and kept in the history as the serial scanner's", async () => {
    const catalog = showApp();
    await screen.findByLabelText("Barcode or code");
    act(() => catalog.pushSerialCode({ code: "4006381333931", symbology: "]E0" }));
    await vi.waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0]?.textContent).toMatch(/^Bio Vollmilch 1 l.* · 4006381333931 · serial scanner$/);
    const lookups = catalog.calls.filter((call) => call.method === "lookup");
    expect(lookups).toEqual([{ method: "lookup", argument: { code: "4006381333931", symbology: "]E0" } }]);

    // A typed code says nothing of its source; reopening the serial scan reads it the same way again.
    fireEvent.change(screen.getByLabelText("Barcode or code"), { target: { value: "4000000000048" } });
    fireEvent.submit(screen.getByLabelText("Barcode or code"));
    await vi.waitFor(() => expect(entries()).toHaveLength(2));
    expect(entries()[0]?.textContent).not.toContain("serial");
    fireEvent.click(entries()[1] as HTMLElement);
    await vi.waitFor(() => expect(catalog.calls.filter((call) => call.method === "lookup")).toHaveLength(3));
    expect(catalog.calls.at(-1)?.argument).toEqual({ code: "4006381333931", symbology: "]E0" });
  });

  it("in the status bar: disconnected, then reconnected, in both languages", async () => {
    const catalog = showApp();
    await screen.findByLabelText("Barcode or code");
    expect(statusBar().textContent).not.toContain("Scanner");
    act(() =>
      catalog.pushSerialStatus({
        state: "disconnected",
        port: "/dev/ttyACM0",
        detail: "No such file or directory",
      }),
    );
    const lost = await within(statusBar()).findByRole("alert");
    expect(lost.textContent).toBe("Scanner disconnected (/dev/ttyACM0): waiting for it to come back");
    expect(lost.getAttribute("title")).toBe("No such file or directory");
    act(() => catalog.pushSerialStatus({ state: "reconnected", port: "/dev/ttyACM0", detail: null }));
    await vi.waitFor(() => expect(statusBar().textContent).toContain("Scanner reconnected (/dev/ttyACM0)"));
  });

  it("says so in German", async () => {
    const catalog = showApp(fakeCatalog({ settings: { language: "de" } }));
    await screen.findByLabelText("Barcode oder Code");
    act(() => catalog.pushSerialStatus({ state: "disconnected", port: "COM3", detail: null }));
    await vi.waitFor(() =>
      expect(statusBar("Katalogstatus").textContent).toContain(
        "Scanner getrennt (COM3): wartet, bis er wieder da ist",
      ),
    );
  });
});

describe("the serial scanner's settings", () => {
  it("offer the listed ports, take a typed one, and save port, rate and line ending", async () => {
    const catalog = showApp();
    fireEvent.click(await screen.findByRole("button", { name: "Settings" }));
    const port = await screen.findByLabelText("Port (empty: none), e.g. /dev/ttyACM0 or COM3");
    const listed = document.getElementById(port.getAttribute("list") ?? "");
    await vi.waitFor(() =>
      expect([...(listed?.querySelectorAll("option") ?? [])].map((option) => option.value)).toEqual([
        "/dev/ttyACM0",
        "/dev/ttyS0",
      ]),
    );
    fireEvent.change(port, { target: { value: " /tmp/virtual-scanner " } });
    fireEvent.change(screen.getByLabelText("Rate (baud)"), { target: { value: "115200" } });
    fireEvent.change(screen.getByLabelText("What ends each code"), { target: { value: "crlf" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(catalog.calls.some((call) => call.method === "changeSettings")).toBe(true));
    const saved = catalog.calls.find((call) => call.method === "changeSettings")?.argument;
    expect(saved).toMatchObject({
      serialScanner: { port: "/tmp/virtual-scanner", baud: 115200, lineEnding: "crlf" },
    });
  });
});

describe("the history of scans answered out of order", () => {
  it("keeps the scans' own order, newest first", () => {
    const entry = (id: number): ScanEntry => ({
      id,
      at: 0,
      code: String(id),
      outcome: { kind: "not-found", reason: "unknown-code" },
      origin: { source: "serial", symbology: null },
    });
    let list: ScanEntry[] = [];
    for (const id of [2, 1, 4, 3]) list = withScan(list, entry(id));
    expect(list.map((scan) => scan.id)).toEqual([4, 3, 2, 1]);
  });
});
