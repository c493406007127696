import { writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { type Migration, migrate, migrations } from "../../../src/core/catalog/catalog-migrations.ts";
import { openCatalogStore } from "../../../src/core/catalog/catalog-store.ts";
import type { GroupPage, GroupPosition } from "../../../src/core/catalog/reference-reads.ts";
import { isAppError } from "../../../src/shared/app-error.ts";
import { livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";
import { rewindToVersion6 } from "../../support/version-6-catalog.ts";
import { rewindToVersion7 } from "../../support/version-7-catalog.ts";
import { rewindToVersion8 } from "../../support/version-8-catalog.ts";
import { rewindToVersion9 } from "../../support/version-9-catalog.ts";
import { rewindToVersion10 } from "../../support/version-10-catalog.ts";

const temp = tempCatalogs();
const newest = migrations.length;

function schemaOf(file: string) {
  const db = new Database(file, { readonly: true });
  const version = db.pragma("user_version", { simple: true });
  const journal = db.pragma("journal_mode", { simple: true });
  const names = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE 'product_text_%'",
    )
    .pluck()
    .all();
  db.close();
  return { version, journal, names: (names as string[]).sort() };
}

function schemaText(file: string): unknown[] {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name").all();
  db.close();
  return rows;
}

/** The test's stand-in for a file of `version` has exactly the schema migrations 1 to `version` make. */
function expectSchemaOfVersion(file: string, version: number): void {
  const fresh = temp.file();
  const db = new Database(fresh);
  migrate(db, fresh, migrations.slice(0, version));
  db.close();
  expect(schemaText(file)).toEqual(schemaText(fresh));
}

describe("migration 1", () => {
  it("creates the catalog schema in WAL mode, at the newest version", async () => {
    const file = temp.file();
    await (await temp.open(file)).close();
    expect(schemaOf(file)).toEqual({
      version: newest,
      journal: "wal",
      names: [
        "branches",
        "group_counts",
        "group_keys",
        "product_codes",
        "product_codes_code",
        "product_codes_product",
        "product_text",
        "products",
        "products_custom_id_key",
        "products_generation",
        "products_group_name",
        "products_inactive",
        "products_name_key",
        "products_parent",
        "products_sku_key",
        "quarantine",
        "quarantine_product_id",
        "record_shapes",
        "reference_lists",
        "reference_records",
        "search_words",
        "shelf_printed",
        "shelf_seen",
        "sync_state",
        "unusable_parts",
      ],
    });
  });

  it("keeps the data when a version 1 file is opened again", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(livePage([product({ id: "a", name: "Kept", barcode: "1" })], 1, { at: 1 }));
    await store.close();
    const again = await temp.open(file);
    expect((await again.lookupCode("1"))?.product.name).toBe("Kept");
    expect(await again.search("kept", 5)).toHaveLength(1);
    expect(await again.readSyncState()).toEqual({ at: 1 });
    expect(schemaOf(file).version).toBe(newest);
  });

  it("is followed only by migrations 2 to 11, numbered without gaps", () => {
    expect(migrations.map((migration) => migration.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe("migration 7", () => {
  it("indexes the brand, keywords and tags and the catalog's words of a version 6 file", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(
      livePage([
        product({
          id: "bar",
          name: "Alpenmilch Schokolade 100 g",
          barcode: "4000000000017",
          brand: "Milka",
          keywords: ["Vollmilch"],
        }),
        product({ id: "pie", name: "Apple pie", sku: "AP-1" }),
      ]),
    );
    await store.close();
    rewindToVersion6(file);
    expectSchemaOfVersion(file, 6);
    expect(schemaOf(file).version).toBe(6);
    // Before: the brand is not searched, and nothing is forgiven.
    const before = new Database(file, { readonly: true });
    const match = (text: string) =>
      before.prepare("SELECT rowid FROM product_text WHERE product_text MATCH ?").all(text).length;
    expect([match('"milka"'), match('"schokolade"'), match('"ap-1"')]).toEqual([0, 1, 1]);
    before.close();

    const again = await temp.open(file);
    expect(schemaOf(file).version).toBe(newest);
    const ids = async (text: string) => (await again.search(text, 5)).map((hit) => [hit.id, hit.typos]);
    expect(await ids("milka")).toEqual([["bar", 0]]);
    expect(await ids("vollmilch")).toEqual([["bar", 0]]);
    expect(await ids("schokoalde")).toEqual([["bar", 1]]);
    expect(await ids("ap-1")).toEqual([["pie", 0]]);
    expect(await ids("4000000000017")).toEqual([["bar", 0]]);
  });
});

describe("migration 8", () => {
  it("reads each product's group of a version 7 file, so its group's products page by name", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    const bread = (id: string, name: string) => product({ id, name, product_group: "bread" });
    await store.applyPage(
      livePage([bread("r", "Roll"), bread("b", "Baguette"), product({ id: "c", name: "Cola" })]),
    );
    await store.close();
    rewindToVersion7(file);
    expectSchemaOfVersion(file, 7);

    const again = await temp.open(file);
    expect(schemaOf(file).version).toBe(newest);
    const page = await again.references.groupPage("bread", null, 25);
    expect(page.products.map((item) => item.id)).toEqual(["b", "r"]);
    expect(await again.references.groupCounts()).toEqual(
      expect.arrayContaining([
        { group: "bread", products: 2 },
        { group: null, products: 1 },
      ]),
    );
  });
});

describe("migration 9", () => {
  it("numbers the groups of a version 8 file, keeping each group's pages in name order and its count", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    const inGroup = (group: string) => (id: string, name: string) =>
      product({ id, name, product_group: group });
    const bread = inGroup("bread");
    const cake = inGroup("cake");
    await store.applyPage(
      livePage([
        bread("r", "Roll"),
        bread("b", "Baguette"),
        bread("b2", "Baguette"),
        cake("t", "Tart"),
        product({ id: "c", name: "Cola" }),
      ]),
    );
    await store.close();
    rewindToVersion8(file);
    expectSchemaOfVersion(file, 8);
    const before = new Database(file, { readonly: true });
    expect(before.prepare("SELECT group_id FROM products WHERE id = 'r'").pluck().get()).toBe("bread");
    before.close();

    const again = await temp.open(file);
    expect(schemaOf(file).version).toBe(newest);
    // A page a product, through the two of the same name.
    const paged: string[] = [];
    for (
      let next: GroupPosition | null = null, pages = 0;
      pages === 0 || (next !== null && pages < 5);
      pages++
    ) {
      const page: GroupPage = await again.references.groupPage("bread", next, 1);
      paged.push(...page.products.map((item) => item.id));
      next = page.next;
    }
    expect(paged).toEqual(["b", "b2", "r"]);
    expect((await again.references.groupPage("cake", null, 5)).products.map((item) => item.id)).toEqual([
      "t",
    ]);
    expect(await again.references.groupSize("bread")).toBe(3);
    expect(await again.references.groupCounts()).toEqual(
      expect.arrayContaining([
        { group: "bread", products: 3 },
        { group: "cake", products: 1 },
        { group: null, products: 1 },
      ]),
    );
    // A product the sync moves to another group, after the migration.
    await again.applyPage(livePage([product({ id: "r", name: "Roll", product_group: "cake" }, 2_000)]));
    expect((await again.references.groupPage("cake", null, 5)).products.map((item) => item.id)).toEqual([
      "r",
      "t",
    ]);
  });
});

describe("migration 10", () => {
  it("gives a version 9 file the shelf labels' tables, empty, and keeps its products", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(livePage([product({ id: "a", name: "Milch 1 l" })]));
    await store.close();
    rewindToVersion9(file);
    expectSchemaOfVersion(file, 9);

    const again = await temp.open(file);
    expect(schemaOf(file).version).toBe(newest);
    expect(await again.readShelf((shelf) => shelf.candidates(""))).toEqual([]);
    expect((await again.productsByIds(["a"])).map((item) => item.name)).toEqual(["Milch 1 l"]);
    await again.close();
  });
});

describe("migration 11", () => {
  it("counts a version 10 file's live and inactive products as before, from an index of the inactive ones", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(
      livePage([
        product({ id: "a", name: "Milch 1 l" }),
        product({ id: "b", name: "Quark 250 g", active: false }),
        product({ id: "c", name: "Butter 250 g" }),
      ]),
    );
    const before = await store.counts();
    await store.close();
    rewindToVersion10(file);
    expectSchemaOfVersion(file, 10);

    const again = await temp.open(file);
    expect(schemaOf(file).version).toBe(newest);
    expect(await again.counts()).toEqual(before);
    expect(before).toMatchObject({ products: 3, inactive: 1 });
    await again.close();
    const check = new Database(file, { readonly: true });
    const plan = check.prepare(
      "EXPLAIN QUERY PLAN SELECT count(*) FROM products WHERE deleted = 0 AND active = 0",
    );
    expect(
      plan
        .all()
        .map((row) => (row as { detail: string }).detail)
        .join(),
    ).toContain("products_inactive");
    check.close();
  });
});

describe("migrate", () => {
  const addNote: Migration = {
    version: newest + 1,
    up: (db) => db.exec("ALTER TABLE products ADD COLUMN note TEXT NOT NULL DEFAULT 'none'"),
  };

  it("applies the pending migrations in order and keeps the data across them", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(livePage([product({ id: "a", barcode: "1" })]));
    await store.close();
    const db = new Database(file);
    migrate(db, file, [...migrations, addNote]);
    expect(db.pragma("user_version", { simple: true })).toBe(newest + 1);
    expect(db.prepare("SELECT id, note FROM products").all()).toEqual([{ id: "a", note: "none" }]);
    db.close();
  });

  it("leaves the file at the previous version when a migration fails", () => {
    const file = temp.file();
    const db = new Database(file);
    const broken: Migration = {
      version: newest + 1,
      up: (db) => db.exec("CREATE TABLE half_done (x); SELECT no_such_function();"),
    };
    expect(() => migrate(db, file, [...migrations, broken])).toThrow();
    expect(db.pragma("user_version", { simple: true })).toBe(newest);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'half_done'").all()).toEqual([]);
    db.close();
  });
});

describe("openCatalogStore refuses files it cannot use", () => {
  it("refuses a catalog written by a newer version, saying what to do", async () => {
    const file = temp.file();
    await (await temp.open(file)).close();
    const db = new Database(file);
    db.pragma("user_version = 99");
    db.close();
    const error = await openCatalogStore(file).catch((caught: unknown) => caught);
    expect(isAppError(error, "storage")).toBe(true);
    expect((error as Error).message).toBe(
      `This catalog was written by a newer version of the app. Update the app, or delete ${file} to download the catalog again.`,
    );
    expect(schemaOf(file).version).toBe(99);
  });

  it("refuses a file that is not a SQLite database", async () => {
    const file = temp.file();
    writeFileSync(file, "these are my notes, not a catalog\n".repeat(100));
    const error = await openCatalogStore(file).catch((caught: unknown) => caught);
    expect(isAppError(error, "damaged")).toBe(true);
    expect((error as Error).message).toContain(`The catalog file ${file} is damaged.`);
  });
});
