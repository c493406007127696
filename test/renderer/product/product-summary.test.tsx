// The facts of one product as a cashier reads them: the type in words, never the API's own names.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { ProductSummary } from "../../../src/renderer/src/product/product-summary.tsx";
import { product } from "../support/catalog-fixtures.ts";

function typeShown(type: string, language: string): string | null | undefined {
  const { unmount } = render(
    <I18nProvider language={language}>
      <ProductSummary product={product({ id: type, type })} price={null} />
    </I18nProvider>,
  );
  const label = language === "de" ? "Typ" : "Type";
  const shown = screen.getByText(label).nextElementSibling?.textContent;
  unmount();
  return shown;
}

describe("product summary", () => {
  it("names each product type in words, in English and German", () => {
    const words = [
      ["product", "Product", "Produkt"],
      ["variant_product", "Product with variants", "Produkt mit Varianten"],
      ["variant", "Variant", "Variante"],
      ["linked_product", "Linked product", "Verknüpftes Produkt"],
      ["composed_product", "Bundle", "Set"],
      ["voucher", "Voucher", "Gutschein"],
      ["tip_employee", "Tip for staff", "Trinkgeld für das Personal"],
    ];
    for (const [type, english, german] of words) {
      expect([typeShown(type as string, "en"), typeShown(type as string, "de")]).toEqual([english, german]);
    }
  });

  it("shows a type the service added later as it is", () => {
    expect(typeShown("gift_card_bundle", "en")).toBe("gift_card_bundle");
    expect(typeShown("gift_card_bundle", "de")).toBe("gift_card_bundle");
  });
});
