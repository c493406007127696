// The result card as a cashier reads it, in English and German.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { type CatalogFreshness, ResultCard } from "../../../src/renderer/src/scan/result-card.tsx";
import { withCheckDigit } from "../../../src/shared/barcode/gtin.ts";
import type { PriceContext } from "../../../src/shared/catalog/price-rule.ts";
import {
  answerFor,
  catalogProducts,
  fixturePrices,
  mulledWine,
  stollen,
} from "../support/catalog-fixtures.ts";

const fresh: CatalogFreshness = { asOf: "2026-11-22T06:00:00.000Z", stale: false, unfinished: false };

function show(code: string, language = "en", freshness = fresh, onSearch = vi.fn()) {
  render(
    <I18nProvider language={language}>
      <ResultCard answer={answerFor(code)} freshness={freshness} onSearch={onSearch} />
    </I18nProvider>,
  );
  return onSearch;
}

describe("result card", () => {
  it("keeps the product's picture slot beside its name and price: a placeholder while none is held", () => {
    show("4006381333931");
    const summary = document.querySelector(".product-summary") as HTMLElement;
    const slot = summary.firstElementChild;
    expect(slot?.classList.contains("product-picture")).toBe(true);
    expect(slot?.textContent).toBe("No picture");
    expect(summary.querySelector("img")).toBeNull();
    expect(slot?.nextElementSibling?.querySelector(".price-gross")?.textContent).toBe("€1.19");
  });

  it("shows the cached picture from the address the catalog gives, a variant without one its parent's", () => {
    const hash = (digit: string) => digit.repeat(64);
    const address = (value: string) => `catalog-image://cache/${value}`;
    const milk = answerFor("4006381333931");
    if (milk.match === null) throw new Error("the fixture has milk");
    milk.match.pictures = { [milk.match.product.id]: hash("a") };
    const { unmount } = render(
      <I18nProvider language="en">
        <ResultCard answer={milk} freshness={fresh} pictureAddress={address} />
      </I18nProvider>,
    );
    expect(screen.getByRole("img", { name: "Bio Vollmilch 1 l" }).getAttribute("src")).toBe(
      address(hash("a")),
    );
    unmount();

    const redShirt = answerFor("4000000000017");
    if (redShirt.match === null) throw new Error("the fixture has the shirt");
    redShirt.match.pictures = { shirt: hash("b") };
    render(
      <I18nProvider language="en">
        <ResultCard answer={redShirt} freshness={fresh} pictureAddress={address} />
      </I18nProvider>,
    );
    expect(screen.getByRole("img", { name: "T-Shirt red S" }).getAttribute("src")).toBe(address(hash("b")));
  });

  it("shows name, gross and net price in the product's currency, every code, SKU and type", () => {
    show("4006381333931");
    expect(screen.getByRole("heading", { name: "Bio Vollmilch 1 l" })).toBeTruthy();
    expect(screen.getByText("€1.19")).toBeTruthy();
    expect(screen.getByText("€1.11")).toBeTruthy();
    expect(screen.getByText("4006381333931, 96385074")).toBeTruthy();
    expect(screen.getByText("SKU-MILK")).toBeTruthy();
    expect(screen.getByText("Product")).toBeTruthy();
    expect(screen.queryByText(/Inactive/)).toBeNull();
  });

  it("formats prices the German way in German", () => {
    show("96385074", "de");
    expect(screen.getByText("1,19 €")).toBeTruthy();
    expect(screen.getByText("Brutto")).toBeTruthy();
  });

  it("says when a typed SKU, not a barcode, found the product", () => {
    const answer = answerFor("4006381333931");
    const match = answer.match ? { ...answer.match, matchedBy: "sku" as const } : null;
    render(
      <I18nProvider language="en">
        <ResultCard answer={{ ...answer, query: "SKU-MILK", match }} freshness={fresh} />
      </I18nProvider>,
    );
    expect(screen.getByText("Found by its SKU.")).toBeTruthy();
  });

  it("warns that an inactive product is not for sale", () => {
    show("5012345678900");
    expect(screen.getByRole("note").textContent).toMatch(/Inactive: this product is not for sale/);
    expect(screen.getByText("£1.50")).toBeTruthy();
  });

  it("shows a scale label's weight and the line total", () => {
    show(withCheckDigit("212345601250"));
    expect(screen.getByRole("heading", { name: "Äpfel Elstar lose" })).toBeTruthy();
    expect(screen.getByText("Weight on the label").nextElementSibling?.textContent).toBe("1.250 kg");
    // 1.25 kg at €2.99 a kilo
    expect(screen.getByText("Line total").nextElementSibling?.textContent).toBe("€3.74");
  });

  it("shows a scanned variant inside its parent's matrix, highlighted, without a picker", () => {
    show("4000000000048");
    expect(screen.getByRole("heading", { name: "T-Shirt blue M" })).toBeTruthy();
    expect(screen.getByText("Variant of T-Shirt")).toBeTruthy();
    const grid = screen.getByRole("table");
    const current = grid.querySelector('[aria-current="true"]');
    expect(current?.textContent).toContain("4000000000048");
    expect(current?.textContent).toContain("scanned");
    expect(within(grid).queryAllByRole("button")).toHaveLength(0);
  });

  it("explains an unknown code and offers a search for it", () => {
    const onSearch = show(withCheckDigit("990000000001"));
    expect(
      screen.getByRole("heading", { name: `Not found: ${withCheckDigit("990000000001")}` }),
    ).toBeTruthy();
    expect(screen.getByText("No product in the catalog has this code.")).toBeTruthy();
    screen.getByRole("button", { name: "Search the catalog" }).click();
    expect(onSearch).toHaveBeenCalledWith(withCheckDigit("990000000001"));
  });

  it("tells a wrong check digit from an unknown code", () => {
    show("4006381333932");
    expect(document.querySelector(".reason")?.textContent).toMatch(/check digit is wrong/);
  });

  it("says the catalog may be out of date when it is stale, and since when", () => {
    show("4006381333938", "en", { ...fresh, stale: true });
    expect(screen.getByText(/The catalog may be out of date: as of .*2026/)).toBeTruthy();
  });

  it("says the catalog may be incomplete when its last sync did not finish", () => {
    show("4006381333938", "de", { ...fresh, unfinished: true });
    expect(screen.getByText(/Der Katalog ist womöglich unvollständig/)).toBeTruthy();
  });

  it("says products may be missing when the till holds fewer than the service lists", () => {
    show("4006381333938", "en", { ...fresh, countGap: { products: 1200, serverTotal: 1250 } });
    expect(screen.getByText(/this till holds 1,200, the service lists 1,250/)).toBeTruthy();
  });

  it("lets staff open how the code was read", () => {
    show(withCheckDigit("212345601250"));
    const details = screen.getByText("How the code was read").closest("details");
    expect(details).toBeTruthy();
    const inspector = within(details as HTMLElement);
    expect(inspector.getByText("Scale label")).toBeTruthy();
    expect(inspector.getByText("correct")).toBeTruthy();
    expect(inspector.getByText(withCheckDigit("212345600000"), { exact: false })).toBeTruthy();
  });

  it("shows GS1 fields with the separator made visible", () => {
    show("0109521234543213\x1d10LOT7");
    const details = screen.getByText("How the code was read").closest("details") as HTMLElement;
    expect(within(details).getByText("0109521234543213<GS>10LOT7")).toBeTruthy();
    expect(within(details).getByText("LOT7")).toBeTruthy();
  });

  describe("the price this till charges, and why", () => {
    const priced = [...catalogProducts, mulledWine, stollen];
    const showPriced = (code: string, language: string, till: Partial<PriceContext>) =>
      render(
        <I18nProvider language={language}>
          <ResultCard answer={answerFor(code, priced, { ...fixturePrices, ...till })} freshness={fresh} />
        </I18nProvider>,
      );
    const before = Date.parse("2026-11-10T12:00:00Z");
    const note = () => screen.getByText((_, element) => element?.classList.contains("price-note") ?? false);

    it("a branch price, the quantity price below it and the offer to come", () => {
      showPriced("4020000000011", "en", { branch: "berlin-mitte", at: before });
      expect(screen.getByText("Gross").nextElementSibling?.textContent).toBe("€3.49");
      expect(note().textContent).toBe("Branch price · Offer from Nov 20, 2026From 6: €2.99 each");
    });

    it("a running offer, and until which day, in English and German", () => {
      const { unmount } = showPriced("4020000000011", "en", { branch: "berlin-mitte" });
      expect(screen.getByText("Gross").nextElementSibling?.textContent).toBe("€2.79");
      expect(note().textContent).toBe("Offer until Nov 30, 2026");
      unmount();
      showPriced("4020000000011", "de", { branch: "berlin-mitte" });
      expect(screen.getByText("Brutto").nextElementSibling?.textContent).toMatch(/^2,79\s€$/);
      expect(note().textContent).toBe("Angebot bis 30.11.2026");
    });

    it("the default price says nothing more; without a branch the quantity price still shows", () => {
      const { unmount } = showPriced("96385074", "en", { branch: "berlin-mitte" });
      expect(document.querySelector(".price-note")).toBeNull();
      unmount();
      showPriced("4020000000011", "de", { at: Date.parse("2026-12-02T12:00:00Z") });
      expect(screen.getByText("Brutto").nextElementSibling?.textContent).toMatch(/^3,99\s€$/);
      expect(note().textContent).toMatch(/^Ab 6: je 2,99\s€$/);
    });

    it("says when the service's offers contradict each other, and charges the lower", () => {
      showPriced("4020000000028", "en", {});
      expect(screen.getByText("Gross").nextElementSibling?.textContent).toBe("€7.99");
      expect(within(note()).getByRole("note").textContent).toBe(
        "Several offers run at once: the lowest price is charged.",
      );
    });
  });
});
