// One text form for indexing and queries: every Latin letter a European catalog holds is found when
// typed on a plain keyboard, and catalogs indexed before the form changed are rebuilt by migration 2.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrations } from "../../../src/core/catalog/catalog-migrations.ts";
import { generateDemoCatalog } from "../../../src/server/demo/demo-catalog.ts";
import { searchText } from "../../../src/shared/catalog/search-text.ts";
import { livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";
import { rewindToVersion3 } from "../../support/version-3-catalog.ts";

const temp = tempCatalogs();

/** Every letter of Latin-1 Supplement and Latin Extended-A, capitals included. */
function latinLetters(): string[] {
  const letters: string[] = [];
  for (let point = 0xc0; point <= 0x17f; point++) {
    const char = String.fromCodePoint(point);
    if (/\p{L}/u.test(char)) letters.push(char);
  }
  return letters;
}

describe("searchText", () => {
  it("spells every letter of Latin-1 and Latin Extended-A with a-z", () => {
    const unfolded = latinLetters().filter((letter) => !/^[a-z]+$/.test(searchText(letter)));
    expect(unfolded).toEqual([]);
  });

  it("spells the letters of European languages outside those blocks with a-z", () => {
    for (const letter of "ƀɓƈȼɖɗǝɛəƒɠǥɣɦɨƙƚɫɲƞɵɔƥɍʀƭʈʉʋƴɏƶȥʒǯǮƷǤĲǄǈẞſﬁ") {
      expect(searchText(letter), letter).toMatch(/^[a-z]+$/);
    }
  });

  it("spells letters the way a keyboard without them does", () => {
    expect(searchText("Smørbrød Łosoś Weiß Æblekage Œufs Þórr Đurđevac Ħamrun İzmir ŊŊ col·lecció")).toBe(
      "smorbrod losos weiss aeblekage oeufs thorr durdevac hamrun izmir nn colleccio",
    );
  });

  it("leaves no letter outside a-z in any name of the demo catalog", () => {
    const catalog = generateDemoCatalog({
      count: 20_000,
      seed: 3,
      accountId: "a",
      now: Date.UTC(2026, 0, 1),
    });
    const words = [...new Set(catalog.map((product) => product.name))].join(" ");
    const left = [...new Set(searchText(words))].filter((char) => /\p{L}/u.test(char) && !/[a-z]/.test(char));
    expect(left).toEqual([]);
  });
});

const demoLike = [
  product({ id: "smorbrod", name: "Nørregaard Smørbrød 250 g" }),
  product({ id: "losos", name: "Łosoś wędzony, per kg" }),
  product({ id: "weiss", name: "Bäckerei Weiß Weißwurst" }),
  product({ id: "aeble", name: "Æblekage bio", sku: "ÆBLE-1" }),
  product({ id: "oeufs", name: "Œufs mimosa" }),
];

describe("search over letters without accents", () => {
  it.each([
    ["smorbrod", "smorbrod"],
    ["losos wedzony", "losos"],
    ["weiss", "weiss"],
    ["weisswurst", "weiss"],
    ["aeblekage", "aeble"],
    ["oeufs", "oeufs"],
    ["æble-1", "aeble"],
    ["Smørbrød", "smorbrod"],
  ])("finds %s", async (typed, id) => {
    const store = await temp.open(temp.file());
    await store.applyPage(livePage(demoLike));
    expect((await store.search(typed, 5)).map((found) => found.id)).toEqual([id]);
  });
});

describe("migration 2", () => {
  it("rebuilds the search keys and full-text rows of a catalog indexed with the old form", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(livePage(demoLike));
    await store.close();
    rewindToVersion3(file);
    // What a version 1 file holds: the old form kept ø, ł, ß and æ as they are.
    const oldForm = (text: string) =>
      text
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase();
    const db = new Database(file);
    db.exec("INSERT INTO product_text (product_text) VALUES ('delete-all')");
    for (const item of demoLike) {
      const { seq } = db.prepare("SELECT seq FROM products WHERE id = ?").get(item.id) as { seq: number };
      db.prepare("UPDATE products SET name_key = ?, sku_key = ? WHERE seq = ?").run(
        oldForm(item.name),
        item.sku ? oldForm(item.sku) : null,
        seq,
      );
      db.prepare("INSERT INTO product_text (rowid, name, ids, codes) VALUES (?, ?, ?, '')").run(
        seq,
        oldForm(item.name),
        oldForm(item.sku ?? ""),
      );
    }
    // As version 1 wrote it: no codes key yet (migration 3).
    db.exec("ALTER TABLE products DROP COLUMN codes_key");
    db.pragma("user_version = 1");
    db.close();

    const reopened = await temp.open(file);
    expect((await reopened.search("smorbrod", 5)).map((found) => found.id)).toEqual(["smorbrod"]);
    expect((await reopened.search("weiss", 5)).map((found) => found.id)).toEqual(["weiss"]);
    expect((await reopened.search("Æ", 5)).map((found) => found.id)).toEqual(["aeble"]);
    expect((await reopened.lookupIdentifier("aeble-1"))?.product.id).toBe("aeble");
    const check = new Database(file, { readonly: true });
    expect(check.pragma("user_version", { simple: true })).toBe(migrations.at(-1)?.version);
    check.close();
  });

  it("keeps tombstones out of the rebuilt index", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(
      livePage([...demoLike, product({ id: "gone", name: "Smørbrød gone", deleted: true })]),
    );
    await store.close();
    rewindToVersion3(file);
    const db = new Database(file);
    // As version 1 wrote it: no codes key yet (migration 3).
    db.exec("ALTER TABLE products DROP COLUMN codes_key");
    db.pragma("user_version = 1");
    db.close();
    const reopened = await temp.open(file);
    expect((await reopened.search("smorbrod", 5)).map((found) => found.id)).toEqual(["smorbrod"]);
  });
});
