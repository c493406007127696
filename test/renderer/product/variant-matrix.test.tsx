// Variant families laid out by how many options they have.
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { VariantMatrix } from "../../../src/renderer/src/product/variant-matrix.tsx";
import { familyPrices } from "../../../src/shared/catalog/family-prices.ts";
import { fixturePrices, product, shirt, shirtVariants } from "../support/catalog-fixtures.ts";

/** Priced as a lookup of the family's first variant would price it. */
function show(props: Omit<Parameters<typeof VariantMatrix>[0], "prices">) {
  const family = { product: props.variants[0] ?? shirt, parent: props.parent, variants: [...props.variants] };
  render(
    <I18nProvider language="en">
      <VariantMatrix {...props} prices={familyPrices(family, fixturePrices)} />
    </I18nProvider>,
  );
}

describe("variant matrix", () => {
  it("lays two options out as a grid: first option down, second across, each cell with price, code and flag", () => {
    show({ parent: shirt, variants: shirtVariants, highlightId: "shirt-blue-M" });
    const grid = screen.getByRole("table");
    const headers = within(grid)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Colour \\ Size", "S", "M", "L"]);
    const rows = within(grid).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["red", "blue"]);
    const blueS = within(rows[1] as HTMLElement).getAllByRole("cell")[0] as HTMLElement;
    expect(blueS.textContent).toContain("€13.90");
    expect(blueS.textContent).toContain("4000000000031");
    expect(blueS.textContent).toContain("inactive");
    const redL = within(rows[0] as HTMLElement).getAllByRole("cell")[2] as HTMLElement;
    expect(redL.textContent).toBe("no such variant");
    expect(grid.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
    expect(grid.querySelector('[aria-current="true"]')?.textContent).toContain("4000000000048");
  });

  it("flags only the variants not for sale, and says nothing of those that are", () => {
    show({ parent: shirt, variants: shirtVariants });
    const cells = screen.getAllByRole("cell").filter((cell) => cell.querySelector(".cell-price"));
    expect(cells.map((cell) => cell.textContent)).toEqual([
      "€11.904000000000017",
      "€12.904000000000024",
      "€13.904000000000031inactive",
      "€14.904000000000048",
    ]);
    expect(screen.getAllByText("inactive").map((flag) => flag.className)).toEqual(["cell-inactive"]);
  });

  it("marks the scanned variant's cell, and only it, as the current one, in words as well", () => {
    show({ parent: shirt, variants: shirtVariants, highlightId: "shirt-red-M" });
    const current = document.querySelectorAll('[aria-current="true"]');
    expect(current).toHaveLength(1);
    expect(current[0]?.textContent).toBe("€12.904000000000024scanned");
    expect(current[0]?.classList.contains("highlighted")).toBe(true);
    expect(screen.getAllByText("scanned")).toHaveLength(1);
  });

  it("marks no cell when the product itself, not one of its variants, was scanned", () => {
    show({ parent: shirt, variants: shirtVariants, highlightId: null });
    expect(document.querySelectorAll("[aria-current]")).toHaveLength(0);
    expect(screen.queryByText("scanned")).toBeNull();
  });

  it("lays one option out as a list", () => {
    const parent = product({
      id: "tea",
      name: "Tea",
      type: "variant_product",
      options: [{ Flavour: ["mint", "earl grey"] }],
    });
    const variants = ["mint", "earl grey"].map((flavour, index) =>
      product({
        id: `tea-${index}`,
        type: "variant",
        parent: "tea",
        attributes: { Flavour: flavour },
        barcode: `12345${index}`,
      }),
    );
    show({ parent, variants });
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["mint", "earl grey"]);
    expect(within(rows[1] as HTMLElement).getByRole("cell").textContent).toContain("123451");
  });

  it("lays three options out as one grid per value of the first", () => {
    const parent = product({
      id: "sock",
      name: "Sock",
      type: "variant_product",
      options: [{ Material: ["wool", "cotton"] }, { Colour: ["black"] }, { Size: ["39", "42"] }],
    });
    const variants = [
      product({
        id: "s1",
        type: "variant",
        parent: "sock",
        attributes: { Material: "wool", Colour: "black", Size: "42" },
        barcode: "111",
      }),
      product({
        id: "s2",
        type: "variant",
        parent: "sock",
        attributes: { Material: "cotton", Colour: "black", Size: "39" },
        barcode: "222",
      }),
    ];
    show({ parent, variants, highlightId: "s2" });
    const grids = screen.getAllByRole("table");
    expect(grids.map((grid) => grid.querySelector("caption")?.textContent)).toEqual([
      "Material: wool",
      "Material: cotton",
    ]);
    expect(grids[1]?.querySelector('[aria-current="true"]')?.textContent).toContain("222");
    expect(grids[0]?.textContent).toContain("111");
  });

  it("works out the options from the variants when the parent is not in the catalog", () => {
    show({ parent: null, variants: shirtVariants });
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Colour \\ Size",
      "S",
      "M",
    ]);
  });

  it("opens a variant from its cell when the host allows it", () => {
    const onOpen = vi.fn();
    show({ parent: shirt, variants: shirtVariants, onOpen });
    screen.getAllByRole("button")[0]?.click();
    expect(onOpen).toHaveBeenCalledWith(shirtVariants[0]);
  });

  describe("its scrolling box", () => {
    // jsdom lays nothing out: the box's widths are given as a browser would measure them.
    function boxWidths(content: number, box: number) {
      vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(function (this: HTMLElement) {
        return this.classList.contains("grid-scroll") ? content : 0;
      });
      vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(function (this: HTMLElement) {
        return this.classList.contains("grid-scroll") ? box : 0;
      });
    }
    const scrollBox = () => document.querySelector(".grid-scroll") as HTMLElement;
    afterEach(() => vi.restoreAllMocks());

    it("takes the keyboard's focus when the family is wider than the screen", () => {
      boxWidths(1400, 900);
      show({ parent: shirt, variants: shirtVariants });
      expect(scrollBox().tabIndex).toBe(0);
      expect(scrollBox().getAttribute("tabindex")).toBe("0");
    });

    it("is no tab stop when the family fits", () => {
      boxWidths(600, 900);
      show({ parent: shirt, variants: shirtVariants });
      expect(scrollBox().hasAttribute("tabindex")).toBe(false);
    });

    it("leaves the focus to its cells when they are buttons, even when it scrolls", () => {
      boxWidths(1400, 900);
      show({ parent: shirt, variants: shirtVariants, onOpen: vi.fn() });
      expect(scrollBox().hasAttribute("tabindex")).toBe(false);
      expect(within(scrollBox()).getAllByRole("button").length).toBeGreaterThan(0);
    });
  });
});
