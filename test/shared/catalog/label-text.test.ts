// The words printed on a shelf label follow the till's language, each with its country's dates and money.
import { describe, expect, it } from "vitest";
import { labelTexts } from "../../../src/shared/catalog/label-text.ts";
import type { LabelFace } from "../../../src/shared/catalog/shelf-labels.ts";

const cola: LabelFace = {
  productId: "cola",
  name: "Cola 500 ml",
  size: "500 ml",
  price: { amount: 1.29, currency: "EUR" },
  source: "time-based",
  offerLastDay: "2026-11-30",
  deposit: { amount: 0.25, currency: "EUR" },
  unitPrice: { amount: 2.58, currency: "EUR", per: "1 l" },
  code: { value: "4006381333931", symbology: "ean13" },
  sku: "C-500",
  options: null,
};

const said = (language: string, face: LabelFace = cola) =>
  labelTexts(face, { language, printedOn: "2026-11-29", branch: null });

describe("the words on a shelf label", () => {
  it.each([
    ["en", "plus €0.25 deposit", "Offer until 30 Nov", "SKU C-500 · 29 Nov 2026"],
    ["de", "zzgl. 0,25\u00a0€ Pfand", "Angebot bis 30.11.", "Art.-Nr. C-500 · 29.11.2026"],
    ["fr-CH", "+ 0,25\u00a0€ de consigne", "Promo jusqu’au 30/11", "Réf. C-500 · 29/11/2026"],
    ["es", "+ 0,25\u00a0€ de envase", "Oferta hasta el 30/11", "Ref. C-500 · 29/11/2026"],
    ["it", "+ 0,25\u00a0€ di cauzione", "Offerta fino al 30/11", "Cod. C-500 · 29/11/2026"],
    ["nl", "+ €\u00a00,25 statiegeld", "Aanbieding t/m 30-11", "Art.nr. C-500 · 29-11-2026"],
    ["pl-PL", "+ 0,25\u00a0€ kaucji", "Promocja do 30.11", "Indeks C-500 · 29.11.2026"],
  ])("in %s", (language, deposit, offer, footer) => {
    const texts = said(language);
    expect([texts.deposit, texts.offer, texts.footer]).toEqual([deposit, offer, footer]);
  });

  it("says a missing price in the language, and English for a language the labels do not speak", () => {
    expect(said("pl", { ...cola, price: null }).price).toBe("Brak ceny");
    expect(said("sv-SE", { ...cola, price: null }).price).toBe("No price");
  });
});
