// Whether the full-text index holds any brand, keyword or tag text, read from FTS5's own totals on a
// real catalog file as syncs add, change and remove products.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { moreTextsHeld } from "../../../src/core/catalog/more-texts.ts";
import { deletedPage, livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

function held(file: string): boolean {
  const db = new Database(file, { readonly: true });
  try {
    return moreTextsHeld(db)();
  } finally {
    db.close();
  }
}

describe("moreTextsHeld", () => {
  it("follows the brands, keywords and tags of the live products", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    expect(held(file)).toBe(false);
    await store.applyPage(livePage([product({ id: "a", name: "Apple juice" })]));
    expect(held(file)).toBe(false);
    await store.applyPage(livePage([product({ id: "b", name: "Chocolate", brand: "Milka" })]));
    expect(held(file)).toBe(true);
    await store.applyPage(livePage([product({ id: "b", name: "Chocolate" }, 2_000)]));
    expect(held(file)).toBe(false);
    await store.applyPage(livePage([product({ id: "c", name: "Tea", keywords: ["Green"] })]));
    expect(held(file)).toBe(true);
    await store.applyPage(deletedPage([product({ id: "c", name: "Tea" }, 2_000)]));
    expect(held(file)).toBe(false);
  });

  it("finds a brand among many rows, past the first byte of each count", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    const many = Array.from({ length: 300 }, (_, index) =>
      product({ id: `p${index}`, name: `Product with a rather long name number ${index}` }),
    );
    await store.applyPage(livePage(many));
    expect(held(file)).toBe(false);
    await store.applyPage(livePage([product({ id: "x", name: "Chocolate", brand: "Milka" })]));
    expect(held(file)).toBe(true);
  });
});
