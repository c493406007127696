// The rules of typo tolerance, each as a row: what is typed, what it finds, with how many typos.
// Through the real store on a real SQLite file (the words table, the full-text index, the ranking).
import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import type { CatalogStore } from "../../../src/core/catalog/catalog-store.ts";
import { deletedPage, livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

const catalog = [
  product({ id: "brot", name: "Brot hell" }),
  product({ id: "rosti", name: "Rösti" }),
  product({ id: "joghurt", name: "Joghurt natur" }),
  product({ id: "kielbasa", name: "Kielbasa" }),
  product({ id: "croissant", name: "Croissant" }),
  product({ id: "bananen", name: "Bananen, per kg" }),
  product({ id: "brezel", name: "Laugenbrezel 6 Stück" }),
  product({ id: "spack", name: "Spack" }),
  product({ id: "speck", name: "Geräucherter Speck aus Tirol" }),
  product({ id: "code", name: "Gemüsekiste", sku: "KAROTTE", barcode: "4006381333931" }),
  product({ id: "bar", name: "Alpenmilch Schokolade", brand: "Milka", keywords: ["Vollmilch"] }),
  product({
    id: "cow",
    name: "Milka Kuh Plüsch",
    tags: ["Spielzeug", "9b2f0a4e-3c1d-4e5f-8a7b-6c5d4e3f2a1b"],
  }),
];

let store: CatalogStore;
let file: string;

/** The words search_words keeps, read from the file as another process would. */
function keptWords(): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], string>("SELECT DISTINCT word FROM search_words ORDER BY word").pluck().all();
  } finally {
    db.close();
  }
}

async function found(text: string): Promise<[string, number][]> {
  return (await store.search(text, 20)).map((hit) => [hit.id, hit.typos]);
}

describe("typo-tolerant search", () => {
  beforeEach(async () => {
    file = temp.file();
    store = await temp.open(file);
    await store.applyPage(livePage(catalog));
  });

  it.each([
    ["4 letters: no typo", "brut", []],
    ["4 letters: exact", "brot", [["brot", 0]]],
    ["5 letters: one substitution", "rasti", [["rosti", 1]]],
    ["5 letters: two typos are too many", "rasta", []],
    ["a letter left out of a 5-letter word", "rsti", [["rosti", 1]]],
    ["a swap", "joguhrt", [["joghurt", 1]]],
    ["a swap of the issue", "Joghrut", [["joghurt", 1]]],
    ["an insert", "joghurrt", [["joghurt", 1]]],
    ["a delete", "jogurt", [["joghurt", 1]]],
    ["a substitution", "joghirt", [["joghurt", 1]]],
    ["8 letters: one typo", "kielbaza", [["kielbasa", 1]]],
    ["8 letters: two typos are too many", "keilbaza", []],
    ["9 letters: two typos", "crosisamt", [["croissant", 2]]],
    ["9 letters: three typos are too many", "crosisamd", []],
    ["accents and case folded before", "BANANNE", [["bananen", 1]]],
    ["every word, in any order", "natru joguhrt", [["joghurt", 2]]],
    ["the last word as the start of a word, with a typo", "laugne", [["brezel", 1]]],
    ["only the last word as the start of a word", "laugne stück", []],
    ["a barcode one digit off", "4006381333932", []],
    ["a letters-only SKU one letter off", "karottr", []],
    ["a letters-only SKU as typed", "karotte", [["code", 0]]],
  ] as [string, string, [string, number][]][])("%s: %s", async (_rule, text, expected) => {
    expect(await found(text)).toEqual(expected);
  });

  it("ranks an exact match above a forgiven one, whatever the name's length", async () => {
    expect(await found("speck")).toEqual([
      ["speck", 0],
      ["spack", 1],
    ]);
  });

  it("says which catalog word a forgiven word was taken for", async () => {
    const [hit] = await store.search("Bananne", 5);
    expect([hit?.name, hit?.typos, hit?.found]).toEqual(["Bananen, per kg", 1, ["bananen"]]);
    expect((await store.search("Bananen", 5))[0]?.found).toEqual([]);
  });

  it("answers a slip in a name held many times with the names exactly as corrected, unless the word is there as typed", async () => {
    await store.applyPage(
      livePage([
        product({ id: "chips", name: "Bananenchips" }),
        product({ id: "banane-1", name: "Bananen" }),
        product({ id: "banane-2", name: "Bananen" }),
        product({ id: "banane-3", name: "Bananen" }),
        product({ id: "rosti-2", name: "Rösti" }),
        product({ id: "rosti-3", name: "Rösti" }),
        product({ id: "pasta", name: "Pasta", keywords: ["Rastilo"] }),
      ]),
    );
    const first3 = async (text: string) =>
      (await store.search(text, 3)).map((hit) => [hit.id, hit.typos, hit.found]);
    const bananas = [
      ["banane-1", 1, ["bananen"]],
      ["banane-2", 1, ["bananen"]],
      ["banane-3", 1, ["bananen"]],
    ];
    // Typed whole: "bananen" is the one nearest word. Still typing, "bananenchips" is as near.
    expect(await first3("bananne ")).toEqual(bananas);
    expect(await first3("bananne")).toEqual(bananas);
    // "rasti" is in a keyword as typed: that row has no typo and comes first, before three Rösti.
    expect(await first3("rasti")).toEqual([
      ["pasta", 0, []],
      ["rosti", 1, ["rosti"]],
      ["rosti-2", 1, ["rosti"]],
    ]);
  });

  it("searches the brand, keywords and tag names below the name, never a tag's id", async () => {
    expect(await found("milka")).toEqual([
      ["cow", 0],
      ["bar", 0],
    ]);
    expect(await found("vollmilch")).toEqual([["bar", 0]]);
    expect(await found("milka schokolade")).toEqual([["bar", 0]]);
    expect(await found("spielzeug")).toEqual([["cow", 0]]);
    expect(await found("9b2f0a4e")).toEqual([]);
    expect(await found("vollmilsh")).toEqual([["bar", 1]]);
  });

  it("forgets a brand that changed, and learns the new one", async () => {
    const renamed = product({ id: "bar", name: "Alpenmilch Schokolade", brand: "Lindt" }, 2_000);
    await store.applyPage(livePage([renamed], 2));
    expect(await found("milka schokolade")).toEqual([]);
    expect(await found("lindt")).toEqual([["bar", 0]]);
    expect(await found("milkq schokolade")).toEqual([]);
    expect(await found("lindr schokolade")).toEqual([["bar", 1]]);
  });

  it("forgets a removed product's words with the sync that removed it, and keeps those another holds", async () => {
    expect(keptWords()).toEqual(expect.arrayContaining(["kielbasa", "speck", "spack", "croissant"]));
    await store.applyPage(deletedPage([product({ id: "kielbasa", name: "Kielbasa" }, 2_000)], 2));
    expect(keptWords()).not.toContain("kielbasa");
    expect(await found("kielbaza")).toEqual([]);
    // A full sync that no longer lists Speck sweeps it: its words go, Spack's stay.
    await store.applyPage(
      livePage(
        catalog.filter((item) => item.id !== "speck"),
        3,
      ),
    );
    await store.finishFullSync({ generation: 3, syncState: { page: 1 } });
    const kept = keptWords();
    expect(kept).not.toContain("speck");
    expect(kept).not.toContain("tirol");
    expect(kept).toEqual(expect.arrayContaining(["spack", "croissant", "alpenmilch"]));
    expect(await found("speck")).toEqual([["spack", 1]]);
  });

  it("learns a word again when a product brings it back after it was forgotten", async () => {
    await store.applyPage(deletedPage([product({ id: "kielbasa", name: "Kielbasa" }, 2_000)], 2));
    await store.applyPage(livePage([product({ id: "wurst", name: "Kielbasa grob" }, 3_000)], 2));
    expect(keptWords()).toContain("kielbasa");
    expect(await found("kielbaza")).toEqual([["wurst", 1]]);
  });

  it("keeps a word a renamed product dropped while another product's brand holds it", async () => {
    expect(keptWords()).toEqual(expect.arrayContaining(["milka", "plusch"]));
    await store.applyPage(livePage([product({ id: "cow", name: "Kuscheltier Kuh" }, 2_000)], 2));
    expect(keptWords()).toContain("milka");
    expect(keptWords()).not.toContain("plusch");
    expect(await found("milka")).toEqual([["bar", 0]]);
  });
});
