import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CatalogStore } from "../../../src/core/catalog/catalog-store.ts";
import { deletedPage, livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

const catalog = [
  product({ id: "brulee", name: "Crème brûlée vanille", sku: "DES-001", barcode: "4006381333931" }),
  product({ id: "juice", name: "Apple juice 1L", custom_id: "AJ-1", barcodes: ["5012345678900"] }),
  product({ id: "green", name: "Green apple", sku: "FR-GA" }),
  product({ id: "sku-apple", name: "Fruit basket", sku: "APPLE" }),
  product({ id: "sleeping", name: "Sleeping apple tea", active: false }),
  product({ id: "gone", name: "Apple pie", barcode: "9999999999994" }),
];

async function searchIds(store: CatalogStore, text: string, limit = 20): Promise<string[]> {
  return (await store.search(text, limit)).map((item) => item.id);
}

describe("search", () => {
  async function open(): Promise<CatalogStore> {
    const store = await temp.open(temp.file());
    await store.applyPage(livePage(catalog));
    await store.applyPage(deletedPage([product({ id: "gone", name: "Apple pie" }, 2_000)]));
    return store;
  }

  it("finds a name in any word order, with or without accents, in any case", async () => {
    const store = await open();
    for (const text of ["creme brulee", "brûlée crème", "VANILLE CREME", "Crème Brûlée", "rûlé"]) {
      expect(await searchIds(store, text), text).toEqual(["brulee"]);
    }
    expect(await searchIds(store, "creme chocolate")).toEqual([]);
  });

  it("finds by sku, custom_id and a partial barcode", async () => {
    const store = await open();
    expect(await searchIds(store, "des-001")).toEqual(["brulee"]);
    expect(await searchIds(store, "AJ-1")).toEqual(["juice"]);
    expect(await searchIds(store, "63813339")).toEqual(["brulee"]);
    expect(await searchIds(store, "5012345678900")).toEqual(["juice"]);
    expect(await searchIds(store, "012345678900")).toEqual(["juice"]);
  });

  it("ranks an exact code, sku or custom_id first, then names starting with the text, then the rest", async () => {
    const store = await open();
    const ids = await searchIds(store, "apple");
    expect(ids.slice(0, 2)).toEqual(["sku-apple", "juice"]);
    expect(ids.slice(2).sort()).toEqual(["green", "sleeping"]);
  });

  it("falls back to prefixes for one or two characters", async () => {
    const store = await open();
    expect(await searchIds(store, "cr")).toEqual(["brulee"]);
    expect(await searchIds(store, "G")).toEqual(["green"]);
    expect(await searchIds(store, "fr")).toEqual(["sku-apple", "green"]);
    expect(await searchIds(store, "aj")).toEqual(["juice"]);
    expect(await searchIds(store, "50")).toEqual(["juice"]);
    expect(await searchIds(store, "ju")).toEqual([]);
  });

  it("returns inactive products and never deleted ones", async () => {
    const store = await open();
    expect((await store.search("sleeping", 10)).map((item) => [item.id, item.active])).toEqual([
      ["sleeping", false],
    ]);
    expect(await searchIds(store, "apple pie")).toEqual([]);
    expect(await searchIds(store, "9999999999994")).toEqual([]);
    expect(await searchIds(store, "ap")).toEqual(["juice", "sku-apple"]);
  });

  it("gives nothing for empty or blank text", async () => {
    const store = await open();
    expect(await store.search("", 10)).toEqual([]);
    expect(await store.search(" \t\n ", 10)).toEqual([]);
  });

  it("clamps the limit to at least one and at most a page of results", async () => {
    const store = await open();
    expect(await searchIds(store, "apple", 2)).toHaveLength(2);
    expect(await searchIds(store, "apple", 0)).toHaveLength(1);
    expect(await searchIds(store, "apple", -3)).toHaveLength(1);
    expect(await searchIds(store, "apple", Number.NaN)).toHaveLength(4);
    expect(await searchIds(store, "apple", 1e12)).toHaveLength(4);
  });

  it("treats FTS syntax as text", async () => {
    const store = await open();
    await store.applyPage(livePage([product({ id: "odd", name: 'Say "NEAR(x" AND -y: (z)* ^ OR NOT' })], 2));
    const hostile = [
      '"',
      '"""',
      "*",
      "apple*",
      "NEAR(apple",
      "-apple",
      "apple:",
      "name:apple",
      "(apple",
      "apple)",
    ];
    for (const text of [...hostile, "^apple", "AND", "OR", "NOT", "apple AND", "NOT apple", '"near(x"']) {
      await expect(store.search(text, 10), text).resolves.toBeInstanceOf(Array);
    }
    expect(await searchIds(store, '"NEAR(x"')).toEqual(["odd"]);
    expect(await searchIds(store, "and -y: (z)*")).toEqual(["odd"]);
  });

  it("never throws, whatever the text", async () => {
    const store = await open();
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 40 }), fc.integer(), async (text, limit) => {
        const found = await store.search(text, limit);
        expect(found.length).toBeLessThanOrEqual(200);
      }),
      { numRuns: 300 },
    );
    for (const text of ["\u0000", 'abc\u0000"def', "\ud800abc", "x".repeat(10_000)]) {
      expect(await store.search(text, 5), JSON.stringify(text.slice(0, 9))).toBeInstanceOf(Array);
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), async (text) => {
        expect(await store.search(text, 5)).toBeInstanceOf(Array);
      }),
      { numRuns: 200 },
    );
  });
});
