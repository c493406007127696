// How a product is sold, on the result card before its price, in English and German; the till's
// price in a search row, by the same rule as a scan; and a price entry in the scan history.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { ProductView } from "../../../src/renderer/src/product/product-view.tsx";
import { tillPrice } from "../../../src/renderer/src/product/till-price.ts";
import { ResultCard } from "../../../src/renderer/src/scan/result-card.tsx";
import { ScanHistory } from "../../../src/renderer/src/scan/scan-history.tsx";
import { typedScan } from "../../../src/renderer/src/scan/scan-origin.ts";
import { outcomeOf } from "../../../src/renderer/src/scan/use-scan-history.ts";
import { SearchPanel } from "../../../src/renderer/src/search/search-panel.tsx";
import { answerFor, mulledWine, product, productAnswerFor, searchHits } from "../support/catalog-fixtures.ts";

const deposit = product({ id: "deposit", name: "Pfand 0,25", barcode: "4000000000057" }, [0.21, 0.25, "EUR"]);
const cola = product(
  {
    id: "cola",
    name: "Cola 0,5 l",
    type: "linked_product",
    barcode: "4000000000019",
    linked_products: ["deposit", "lost"],
  },
  [1.08, 1.29, "EUR"],
);
const water = product(
  {
    id: "water",
    name: "Wasser 1,5 l",
    type: "linked_product",
    barcode: "4000000000026",
    linked_products: [{ product: "deposit", quantity: 2 }],
  },
  [0.5, 0.59, "EUR"],
);
const fruit = product(
  {
    id: "fruit",
    name: "Obst lose",
    barcode: "4000000000033",
    configuration: { pricing: { request_input: true, zero_input_allowed: true } },
  },
  [4.66, 4.99, "EUR"],
);
const recalled = product(
  {
    id: "recalled",
    name: "Babybrei",
    barcode: "4000000000040",
    sellable: false,
    serial_number_input_required: true,
    components: [{ product: "deposit", quantity: 3 }],
  },
  [1, 1.29, "EUR"],
);
const products = [deposit, cola, water, fruit, recalled];

function notesFor(code: string, language: string): string[] {
  const { unmount } = render(
    <I18nProvider language={language}>
      <ResultCard answer={answerFor(code, products)} freshness={null} />
    </I18nProvider>,
  );
  const notes = [...document.querySelectorAll(".sale-note")].map((note) => note.textContent ?? "");
  // Said first: before the price.
  const first = document.querySelector(".sale-notes, .price-block");
  if (notes.length > 0) expect(first?.className).toBe("sale-notes");
  unmount();
  return notes;
}

describe("the result card says how a product is sold", () => {
  it.each([
    [
      "4000000000019",
      "en",
      ["With Pfand 0,25, missing product (lost): price unknown, check before charging"],
    ],
    ["4000000000026", "en", ["With 2 × Pfand 0,25: €0.50, to pay €1.09"]],
    ["4000000000026", "de", ["Mit 2 × Pfand 0,25: 0,50\u00a0€, zu zahlen 1,09\u00a0€"]],
    ["4000000000033", "en", ["Enter the price (suggested €4.99) 0 is allowed."]],
    ["4000000000033", "de", ["Preis eingeben (Vorschlag 4,99\u00a0€) 0 ist erlaubt."]],
    [
      "4000000000040",
      "en",
      ["Not for sale: do not sell this product.", "Serial number needed", "Bundle of: 3 × Pfand 0,25"],
    ],
    [
      "4000000000040",
      "de",
      [
        "Nicht verkaufen: Dieses Produkt ist nicht zum Verkauf.",
        "Seriennummer erforderlich",
        "Set aus: 3 × Pfand 0,25",
      ],
    ],
    ["4000000000057", "en", []],
  ])("%s in %s", (code, language, expected) => {
    expect(notesFor(code, language)).toEqual(expected);
  });

  it("stops the cashier with an alert when the product may not be sold", () => {
    render(
      <I18nProvider language="en">
        <ResultCard answer={answerFor("4000000000040", products)} freshness={null} />
      </I18nProvider>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Not for sale: do not sell this product.");
  });
});

describe("the product screen opened from a search", () => {
  it.each([
    ["water", "en", ["With 2 × Pfand 0,25: €0.50, to pay €1.09"]],
    ["fruit", "de", ["Preis eingeben (Vorschlag 4,99\u00a0€) 0 ist erlaubt."]],
    ["deposit", "en", []],
  ])("says how %s is sold in %s, as its scan does", (id, language, expected) => {
    const opened = products.find((item) => item.id === id) as (typeof products)[number];
    render(
      <I18nProvider language={language}>
        <ProductView match={productAnswerFor(opened, products)} onBack={() => {}} onOpen={() => {}} />
      </I18nProvider>,
    );
    const notes = [...document.querySelectorAll(".sale-note")].map((note) => note.textContent ?? "");
    expect(notes).toEqual(expected);
  });

  it("stops the cashier with an alert when the product may not be sold", () => {
    render(
      <I18nProvider language="en">
        <ProductView match={productAnswerFor(recalled, products)} onBack={() => {}} onOpen={() => {}} />
      </I18nProvider>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Not for sale: do not sell this product.");
  });
});

describe("a search row's price", () => {
  it("is the till's: the branch price once the till has a branch, the default without", async () => {
    // Ten days before the offer of 20 to 30 Nov.
    const now = () => Date.parse("2026-11-10T10:00:00Z");
    const atBranch = tillPrice({ branch: "berlin-mitte", currency: null }, 0, now);
    expect(atBranch(mulledWine)?.gross).toBe(3.49);
    expect(tillPrice({ branch: null, currency: null }, 0, now)(mulledWine)?.gross).toBe(3.99);
    // The service's clock, not the till's: eleven days ahead of the till's, the offer runs there.
    const ahead = tillPrice({ branch: "berlin-mitte", currency: null }, 11 * 86_400_000, now);
    expect(ahead(mulledWine)?.gross).toBe(2.79);
    render(
      <I18nProvider language="en">
        <SearchPanel
          search={async () => ({ ok: true, value: searchHits([mulledWine]) })}
          priceOf={atBranch}
          onOpen={vi.fn()}
          debounceMs={0}
        />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "glüh" } });
    expect((await screen.findByRole("option")).textContent).toContain("€3.49");
  });
});

describe("the scan history of a price entered at the till", () => {
  it("says the price is entered, not the stored one, in both languages; a deposit drink keeps its own price", () => {
    const fruitScan = outcomeOf({ ok: true, value: answerFor("4000000000033", products) });
    expect(fruitScan).toEqual({ kind: "found", name: "Obst lose", price: null, askPrice: true });
    const waterScan = outcomeOf({ ok: true, value: answerFor("4000000000026", products) });
    expect(waterScan).toMatchObject({ price: { amount: 0.59, currency: "EUR" }, askPrice: false });
    for (const [language, words] of [
      ["en", "Enter price"],
      ["de", "Preis eingeben"],
    ]) {
      const { unmount } = render(
        <I18nProvider language={language as string}>
          <ScanHistory
            entries={[{ id: 1, at: 0, code: "4000000000033", outcome: fruitScan, origin: typedScan }]}
            onReopen={vi.fn()}
          />
        </I18nProvider>,
      );
      expect(document.querySelector(".history-price")?.textContent).toBe(words);
      unmount();
    }
  });
});
