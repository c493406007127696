// The picture slot of a result card: the picture when there is one, else a calm placeholder in the
// same slot; never an <img> without an address (no request, no broken-image icon).
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { ProductPicture } from "../../../src/renderer/src/product/product-picture.tsx";

function show(address: string | null, language = "en") {
  return render(
    <I18nProvider language={language}>
      <ProductPicture address={address} alt="Bio Vollmilch 1 l" />
    </I18nProvider>,
  );
}

describe("product picture", () => {
  it("shows the placeholder, and asks for no image at all, when the product has no picture", () => {
    show(null);
    expect(document.querySelector("img")).toBeNull();
    expect(document.querySelector(".product-picture.placeholder")?.textContent).toBe("No picture");
  });

  it("says so in German too", () => {
    show(null, "de");
    expect(document.querySelector(".product-picture")?.textContent).toBe("Kein Bild");
  });

  it("shows the picture at its address, named by the product", () => {
    show("catalog-image://3f2a");
    const picture = screen.getByRole<HTMLImageElement>("img", { name: "Bio Vollmilch 1 l" });
    expect(picture.getAttribute("src")).toBe("catalog-image://3f2a");
    expect(document.querySelector(".placeholder")).toBeNull();
  });

  it("falls back to the placeholder when the picture cannot be loaded, and tries a new address again", () => {
    const view = show("catalog-image://missing");
    fireEvent.error(screen.getByRole("img", { name: "Bio Vollmilch 1 l" }));
    expect(document.querySelector("img")).toBeNull();
    expect(document.querySelector(".product-picture")?.textContent).toBe("No picture");
    view.rerender(
      <I18nProvider language="en">
        <ProductPicture address="catalog-image://4b1c" alt="Bio Vollmilch 1 l" />
      </I18nProvider>,
    );
    expect(screen.getByRole("img", { name: "Bio Vollmilch 1 l" }).getAttribute("src")).toBe(
      "catalog-image://4b1c",
    );
  });
});
