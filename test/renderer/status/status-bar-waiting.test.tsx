// The status bar while a sync or sign-in waits on a silent service: it says the service is not
// answering, for how long, and how soon the till gives up, in English and German, and says nothing
// of it once the service answers again.
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { StatusBar } from "../../../src/renderer/src/status/status-bar.tsx";
import type { ServiceWait } from "../../../src/shared/catalog/service-wait.ts";
import { session, status } from "../support/catalog-fixtures.ts";

const syncing = { running: true, mode: "incremental" as const, progress: null, nextAt: null };

function barText(waiting: ServiceWait | null, language = "en"): string {
  const view = render(
    <I18nProvider language={language}>
      <StatusBar
        status={status({ sync: syncing, waiting })}
        progress={null}
        session={session()}
        onSync={() => undefined}
      />
    </I18nProvider>,
  );
  const text = view.getByRole("region", { name: /status/i }).textContent ?? "";
  view.unmount();
  return text;
}

const silent: ServiceWait = {
  host: "shop.example.com",
  phase: "no-answer",
  waitedSeconds: 20,
  giveUpSeconds: 130,
};

describe("status bar, a silent service", () => {
  it("says the service took the connection but is not answering, and when the till gives up", () => {
    expect(barText(silent)).toContain(
      "The service at shop.example.com is not answering: it took the connection but has not answered for 20 s. Giving up within 130 s.",
    );
  });

  it("says so of an answer that started and stalled", () => {
    const text = barText({ ...silent, phase: "unfinished", waitedSeconds: 40, giveUpSeconds: 110 });
    expect(text).toContain("is not answering: its answer started but has not finished in 40 s");
    expect(text).toContain("Giving up within 110 s");
  });

  it("says it in German", () => {
    const text = barText(silent, "de");
    expect(text).toContain("Der Dienst unter shop.example.com antwortet nicht");
    expect(text).toContain("seit 20 s kam keine Antwort");
    expect(text).toContain("Abbruch spätestens in 130 s");
  });

  it("says nothing of it while the service answers", () => {
    expect(barText(null)).not.toMatch(/not answering/);
    expect(barText(null, "de")).not.toMatch(/antwortet nicht/);
  });
});
