// The status bar: how current the catalog is, never just a bare online flag.
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { StatusBar, type StatusBarProps } from "../../../src/renderer/src/status/status-bar.tsx";
import { session, status } from "../support/catalog-fixtures.ts";

function show(props: Partial<StatusBarProps>, language = "en") {
  const onSync = vi.fn();
  const view = render(
    <I18nProvider language={language}>
      <StatusBar status={status()} progress={null} session={session()} onSync={onSync} {...props} />
    </I18nProvider>,
  );
  return { onSync, bar: view.getByRole("region", { name: /status/i }), unmount: view.unmount };
}

describe("status bar", () => {
  it("shows online, the catalog's time, the product count and who is signed in until when", () => {
    const { bar, onSync } = show({});
    expect(bar.textContent).toContain("Online");
    expect(bar.textContent).toMatch(/Catalog as of .*2026/);
    expect(bar.textContent).toContain("8 products");
    expect(bar.textContent).toMatch(/till1@corner\.example \(Corner Shop\), until .*2099/);
    screen.getByRole("button", { name: "Sync now" }).click();
    expect(onSync).toHaveBeenCalled();
  });

  it("names the till's branch, whose prices it charges, in both languages; nothing without one", () => {
    const berlin = status({ prices: { branch: "berlin-mitte", currency: null } });
    const english = show({ status: berlin });
    expect(english.bar.querySelector(".branch")?.textContent).toBe("Branch berlin-mitte");
    english.unmount();
    const german = show({ status: berlin }, "de");
    expect(german.bar.querySelector(".branch")?.textContent).toBe("Filiale berlin-mitte");
    german.unmount();
    expect(show({}).bar.querySelector(".branch")).toBeNull();
  });

  it("shows the pictures held offline, their download's progress, and when some could not be had", () => {
    const images = status().images;
    const held = show({ status: status({ images: { ...images, cached: 120, wanted: 130 } }) });
    expect(held.bar.textContent).toContain("Pictures: 120 of 130");
    held.unmount();
    const loading = show({
      status: status({
        images: {
          ...images,
          cached: 40,
          wanted: 130,
          running: true,
          progress: { toFetch: 90, fetched: 30, failed: 2 },
        },
      }),
    });
    expect(loading.bar.textContent).toContain("Downloading pictures: 32 of 90");
    loading.unmount();
    const short = show(
      {
        status: status({
          images: { ...images, cached: 120, wanted: 130, problem: "The picture host is down." },
        }),
      },
      "de",
    );
    expect(short.bar.textContent).toContain("Bilder: 120 von 130 (einige ließen sich nicht laden)");
    expect(short.bar.querySelector(".pictures")?.getAttribute("title")).toBe("The picture host is down.");
    short.unmount();
    const off = show({ status: status({ images: { ...images, cached: 120, wanted: 130, enabled: false } }) });
    expect(off.bar.querySelector(".pictures")).toBeNull();
  });

  it("highlights a stale catalog, a count that differs from the service's, and being offline", () => {
    const { bar } = show({
      status: status({
        online: false,
        products: 1200,
        serverTotal: 1250,
        mismatch: true,
        freshness: { catalogAsOf: "2026-11-01T06:00:00.000Z", stale: true, staleAfterHours: 24 },
      }),
    });
    expect(bar.textContent).toContain("Offline");
    expect(bar.querySelector(".freshness.stale")?.textContent).toContain("out of date");
    expect(bar.textContent).toContain("1,200 products (the service lists 1,250)");
  });

  it("warns, in both languages, when the till's clock is off the service's by more than a few minutes", () => {
    const cases: [number, string, string][] = [
      [2 * 3_600_000, "en", "This till's clock is 2 hours behind the service's: set it right."],
      [
        -10 * 365.25 * 86_400_000,
        "en",
        "This till's clock is 10 years ahead of the service's: set it right.",
      ],
      [2 * 3_600_000, "de", "Die Uhr dieser Kasse geht 2 Stunden nach: bitte richtig stellen."],
    ];
    for (const [clockOffsetMs, language, text] of cases) {
      const { bar, unmount } = show({ status: status({ clockOffsetMs }) }, language);
      expect(bar.querySelector(".clock-warning")?.textContent).toBe(text);
      unmount();
    }
    // A few minutes off, or never measured, says nothing.
    for (const clockOffsetMs of [4 * 60_000, -4 * 60_000, null]) {
      const { bar, unmount } = show({ status: status({ clockOffsetMs }) });
      expect(bar.querySelector(".clock-warning")).toBeNull();
      unmount();
    }
  });

  it("says what is wrong with a damaged or read-only catalog, in the screen's language", () => {
    const damaged = {
      kind: "damaged",
      message: "The catalog file was damaged, so it has been set aside.",
    } as const;
    const first = show({ status: status({ catalogProblem: damaged, products: 0 }) });
    expect(first.bar.querySelector(".catalog-problem")?.textContent).toBe(
      "The catalog file was damaged and has been set aside. Sync to download the catalog again.",
    );
    first.unmount();
    const readOnly = { kind: "read-only", message: "cannot be written" } as const;
    const second = show({ status: status({ catalogProblem: readOnly }) }, "de");
    expect(second.bar.querySelector(".catalog-problem")?.textContent).toMatch(/Nachschlagen geht weiter/);
    second.unmount();
  });

  it("shows a running sync's progress in products with an ETA, and the way to stop it", () => {
    const onCancel = vi.fn();
    show(
      {
        status: status({ sync: { running: true, mode: "full", progress: null, nextAt: null } }),
        progress: {
          mode: "full",
          stream: "live",
          done: 25_000,
          total: 100_000,
          pages: 25,
          perSecond: 5000,
          etaSeconds: 15,
        },
        onCancel,
      },
      "de",
    );
    const bar = screen.getByRole("progressbar", { name: "Fortschritt des Abgleichs" });
    expect(bar.getAttribute("value")).toBe("25000");
    expect(bar.getAttribute("max")).toBe("100000");
    expect(screen.getByText("Abgleich: 25.000 von 100.000")).toBeTruthy();
    expect(screen.getByText(/noch etwa 15 Sek/)).toBeTruthy();
    screen.getByRole("button", { name: "Abgleich anhalten" }).click();
    expect(onCancel).toHaveBeenCalled();
  });

  it("says the last error in plain words and who is not signed in", () => {
    show({
      status: status({ lastError: { kind: "offline", message: "fetch failed" } }),
      session: null,
    });
    expect(screen.getByRole("alert").textContent).toContain("No connection to the service");
    expect(screen.getByText("Not signed in")).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Sync now" }).disabled).toBe(true);
  });

  it.each([
    ["disk-full", "Der Datenträger ist voll"],
    ["damaged", "Die Katalogdatei war beschädigt"],
    ["read-only", "kann nicht geschrieben werden"],
    ["conflict", "Ein Abgleich läuft bereits"],
  ] as const)("says a %s error in the screen's language, not the catalog's English", (kind, german) => {
    show(
      {
        status: status({ lastError: { kind, message: "The catalog's own English words." } }),
      },
      "de",
    );
    expect(screen.getByRole("alert").textContent).toContain(german);
    expect(screen.getByRole("alert").textContent).not.toContain("English words");
  });

  it("says when the catalog was never downloaded", () => {
    show({
      status: status({ products: 0, freshness: { catalogAsOf: null, stale: true, staleAfterHours: 24 } }),
    });
    expect(screen.getByText("Catalog not downloaded yet")).toBeTruthy();
  });
});
