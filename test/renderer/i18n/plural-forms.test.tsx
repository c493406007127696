// Counts on the screens take the form each language's plural rules ask for: Polish tells 1, 2-4
// (and 22-24...), and 5-21 apart; French counts 0 like 1. Through the screens' real messages, and the
// status bar as a cashier sees it.
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createI18n, I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { StatusBar } from "../../../src/renderer/src/status/status-bar.tsx";
import { session, status } from "../support/catalog-fixtures.ts";

const polish = createI18n("pl-PL");
const french = createI18n("fr-FR");

describe("plural forms", () => {
  it("Polish: products held and search results take one, few or many", () => {
    const held = (count: number) => polish.t("status.products", { count });
    expect(held(1)).toBe("1 towar");
    expect([2, 3, 4].map(held)).toEqual(["2 towary", "3 towary", "4 towary"]);
    expect([5, 11].map(held)).toEqual(["5 towarów", "11 towarów"]);
    expect([12, 13, 14].map(held)).toEqual(["12 towarów", "13 towarów", "14 towarów"]);
    expect([22, 23, 24].map(held)).toEqual(["22 towary", "23 towary", "24 towary"]);
    expect([25, 112].map(held)).toEqual(["25 towarów", "112 towarów"]);
    const found = (count: number) => polish.t("search.results", { count });
    expect([1, 3, 5, 13, 22].map(found)).toEqual([
      "1 wynik",
      "3 wyniki",
      "5 wyników",
      "13 wyników",
      "22 wyniki",
    ]);
    expect(polish.t("sale.questions", { count: 2 })).toBe("Zadaj 2 pytania przy sprzedaży");
    expect(polish.t("sale.questions", { count: 5 })).toBe("Zadaj 5 pytań przy sprzedaży");
  });

  it("Polish: a large count is grouped the Polish way, in the branch list too", () => {
    expect(polish.t("status.products", { count: 12_345 })).toBe("12\u00a0345 towarów");
    expect(polish.t("settings.branchOption", { branch: "Kraków", count: 22 })).toBe("Kraków (22 towary)");
  });

  it("French: 0 and 1 are singular, 2 plural", () => {
    const held = (count: number) => french.t("status.products", { count });
    expect([0, 1, 2].map(held)).toEqual(["0 article", "1 article", "2 articles"]);
    const found = (count: number) => french.t("search.results", { count });
    expect([0, 1, 2].map(found)).toEqual(["0 résultat", "1 résultat", "2 résultats"]);
    expect(french.t("status.syncingNoTotal", { done: 0 })).toBe("Synchro\u00a0: 0 article");
    expect(french.t("status.products", { count: 1_500 })).toBe("1\u202f500 articles");
  });

  it("the status bar counts the products held in the cashier's language", () => {
    const view = render(
      <I18nProvider language="pl-PL">
        <StatusBar status={status({ products: 22 })} progress={null} session={session()} onSync={() => {}} />
      </I18nProvider>,
    );
    expect(view.container.textContent).toContain("22 towary");
    view.rerender(
      <I18nProvider language="fr-FR">
        <StatusBar status={status({ products: 0 })} progress={null} session={session()} onSync={() => {}} />
      </I18nProvider>,
    );
    expect(view.container.textContent).toContain("0 article");
    expect(view.container.textContent).not.toContain("0 articles");
  });
});
