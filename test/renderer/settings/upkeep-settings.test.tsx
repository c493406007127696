// The log and updates in Settings, over a stand-in window.catalog: the log level, the update feed and
// the quiet hour saved with the rest (a plain-http feed and a time that is none refused in words),
// Save a diagnostics file… through the contract, the status bar's update notice, and the screens'
// own faults sent on for the log.
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { status } from "../support/catalog-fixtures.ts";
import type { fakeCatalog } from "../support/fake-catalog.ts";
import { showApp } from "../support/show-app.tsx";

async function openSettings() {
  const catalog = showApp();
  await screen.findByText("8 products");
  fireEvent.click(screen.getByRole("button", { name: "Settings" }));
  await screen.findByRole("heading", { name: "Settings" });
  return catalog;
}

const saved = (catalog: ReturnType<typeof fakeCatalog>) =>
  catalog.calls.filter((call) => call.method === "changeSettings").map((call) => call.argument);

describe("Settings → Log and updates", () => {
  it("saves the log level, the update feed and the quiet hour with the other settings", async () => {
    const catalog = await openSettings();
    fireEvent.change(screen.getByLabelText("What the log file keeps"), { target: { value: "debug" } });
    fireEvent.change(screen.getByLabelText(/^Update feed/), {
      target: { value: " https://updates.example.com/till " },
    });
    fireEvent.change(screen.getByLabelText(/^Quiet hour/), { target: { value: "04:30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(saved(catalog)[0]).toMatchObject({
      logLevel: "debug",
      updates: { feedUrl: "https://updates.example.com/till", quietHour: "04:30" },
    });
  });

  it("refuses a plain-http feed and a quiet hour that is no time, saying why and saving nothing", async () => {
    const catalog = await openSettings();
    const feed = screen.getByLabelText(/^Update feed/);
    fireEvent.change(feed, { target: { value: "http://updates.example.com/till" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^Update feed: enter an https:\/\/ address/,
    );

    fireEvent.change(feed, { target: { value: "" } });
    fireEvent.change(screen.getByLabelText(/^Quiet hour/), { target: { value: "25:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Quiet hour: enter a time of day such as 03:00.",
    );
    expect(saved(catalog)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Quiet hour/), { target: { value: "03:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(saved(catalog)[0]).toMatchObject({ updates: { feedUrl: null, quietHour: "03:00" } });
  });

  it("saves a diagnostics file through the catalog and says where", async () => {
    const catalog = await openSettings();
    fireEvent.click(screen.getByRole("button", { name: "Save a diagnostics file…" }));
    expect(
      await screen.findByText(
        "Saved as /home/till/Downloads/pos-catalog-diagnostics-2026-11-26T1430.zip. Send it to whoever looks after this till.",
      ),
    ).toBeTruthy();
    expect(catalog.calls.filter((call) => call.method === "saveDiagnostics")).toHaveLength(1);
  });
});

describe("the status bar", () => {
  it("says when an update is ready to install, and nothing while none is", async () => {
    const catalog = showApp();
    await screen.findByText("8 products");
    expect(screen.queryByText(/is ready: it installs/)).toBeNull();
    act(() => catalog.pushStatus(status({ updateReady: "0.2.0" })));
    expect(await screen.findByText("Version 0.2.0 is ready: it installs when the app closes")).toBeTruthy();
  });
});

describe("the screens' own faults", () => {
  it("are sent to the catalog for the log, with the error's message and stack", async () => {
    const catalog = showApp();
    await screen.findByText("8 products");
    const error = new Error("the result card could not be drawn");
    window.dispatchEvent(new ErrorEvent("error", { error, message: error.message }));
    const reported = catalog.calls.filter((call) => call.method === "reportProblem");
    expect(reported).toEqual([
      {
        method: "reportProblem",
        argument: {
          message: "the result card could not be drawn",
          detail: expect.stringContaining("Error: the result card"),
        },
      },
    ]);
  });
});
