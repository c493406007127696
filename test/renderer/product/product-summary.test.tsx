// The facts of one product as a cashier reads them: the type in words, never the API's own names;
// the group and the tax as the catalog names them.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { ProductSummary } from "../../../src/renderer/src/product/product-summary.tsx";
import type { TaxName } from "../../../src/shared/catalog/tax-amounts.ts";
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

  it("names the group and the tax, with the rate where the tax's name does not say it", () => {
    const shown = (tax: TaxName | null, language = "en") => {
      const { unmount } = render(
        <I18nProvider language={language}>
          <ProductSummary
            product={product({ id: "roll" })}
            price={null}
            group={{ id: "g", name: "Backwaren" }}
            tax={tax}
          />
        </I18nProvider>,
      );
      const text = [".product-group", ".product-tax"].map(
        (part) => document.querySelector(part)?.textContent,
      );
      unmount();
      return text;
    };
    expect(shown({ id: "t", name: "MwSt. 7 %", rate: 0.07 })).toEqual(["Backwaren", "MwSt. 7 %"]);
    expect(shown({ id: "t", name: "MwSt. 17 %", rate: 0.07 })).toEqual(["Backwaren", "MwSt. 17 % (7%)"]);
    expect(shown({ id: "t", name: "Reduced", rate: 0.07 })).toEqual(["Backwaren", "Reduced (7%)"]);
    expect(shown({ id: "t", name: "Ermäßigt", rate: 0.055 }, "de")).toEqual([
      "Backwaren",
      "Ermäßigt (5,5\u00a0%)",
    ]);
    expect(shown({ id: "t", name: "MwSt. 5,5 %", rate: 0.055 }, "de")).toEqual(["Backwaren", "MwSt. 5,5 %"]);
    expect(shown({ id: "t", name: null, rate: 0.19 }, "de")).toEqual(["Backwaren", "19\u00a0%"]);
    expect(shown({ id: "t", name: "Steuerfrei", rate: null })).toEqual(["Backwaren", "Steuerfrei"]);
    expect(shown(null)).toEqual(["Backwaren", "—"]);
  });

  it("leaves the group and tax out where the host gives neither", () => {
    render(<ProductSummary product={product({ id: "plain" })} price={null} />);
    expect(document.querySelector(".product-group")).toBeNull();
    expect(document.querySelector(".product-tax")).toBeNull();
  });
});
