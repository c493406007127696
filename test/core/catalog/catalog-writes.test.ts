import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { deletedPage, livePage, product, received, tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

describe("applyPage: live products", () => {
  it("stores a page and finds its products by code and name", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(livePage([product({ id: "a", name: "Apple juice", barcode: "4006381333931" })]));
    expect((await store.lookupCode("4006381333931"))?.product.name).toBe("Apple juice");
    expect((await store.search("apple", 10)).map((item) => item.id)).toEqual(["a"]);
    expect(await store.counts()).toEqual({ products: 1, inactive: 0, quarantined: 0, withUnusableParts: 0 });
  });

  it("returns the record exactly as received, unknown fields included", async () => {
    const store = await temp.open(temp.file());
    const item = product({ id: "a", barcode: "123" });
    await store.applyPage({
      ...livePage([]),
      received: [{ product: { ...item, extra: { x: 1 } }, raw: { ...item, extra: { x: 1 } }, unusable: [] }],
    });
    expect((await store.lookupCode("123"))?.product).toEqual({ ...item, extra: { x: 1 } });
  });

  it("stores a record without its id, which the row holds, and reads it back whole, the id in its place", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    const items = ["0b6f2f7e-1111-4c43-869c-43a8c3b7cf3c", "0b6f2f7e-2222-4c43-869c-43a8c3b7cf3c"].map((id) =>
      product({ id, name: `Juice ${id.slice(9, 13)}`, barcode: id.slice(9, 13) }),
    );
    await store.applyPage(livePage(items));
    const db = new Database(file, { readonly: true });
    const records = db
      .prepare("SELECT record FROM products WHERE shape IS NOT NULL")
      .pluck()
      .all() as string[];
    db.close();
    expect(records).toHaveLength(2);
    for (const [index, record] of records.entries()) expect(record).not.toContain(items[index]?.id);
    for (const item of items) {
      const found = (await store.lookupCode(item.barcode ?? ""))?.product;
      expect(JSON.stringify(found)).toBe(JSON.stringify(item));
    }
  });

  it("is idempotent: the same page twice leaves one product with its codes once", async () => {
    const store = await temp.open(temp.file());
    const page = livePage([product({ id: "a", barcode: "123", barcodes: ["123", "456"] })]);
    await store.applyPage(page);
    await store.applyPage(page);
    expect(await store.counts()).toEqual({ products: 1, inactive: 0, quarantined: 0, withUnusableParts: 0 });
    expect((await store.search("123", 10)).map((item) => item.id)).toEqual(["a"]);
  });

  it("replaces a product's codes and name with a newer copy", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(livePage([product({ id: "a", name: "Old name", barcode: "111" }, 1_000)]));
    await store.applyPage(livePage([product({ id: "a", name: "New name", barcode: "222" }, 2_000)]));
    expect(await store.lookupCode("111")).toBeNull();
    expect((await store.lookupCode("222"))?.product.name).toBe("New name");
    expect(await store.search("old name", 10)).toEqual([]);
    expect((await store.search("new name", 10)).map((item) => item.name)).toEqual(["New name"]);
  });

  it("keeps the codes and search of a copy whose codes and search words did not change", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    const before = { id: "a", name: "Apple juice", sku: "SKU-1", barcode: "111", barcodes: ["222"] };
    await store.applyPage(livePage([product(before, 1_000)]));
    await store.applyPage(livePage([product({ ...before, summary: "Now cheaper" }, 2_000)]));
    expect((await store.lookupCode("222"))?.product.summary).toBe("Now cheaper");
    expect((await store.search("apple", 10)).map((item) => item.summary)).toEqual(["Now cheaper"]);
    expect((await store.lookupIdentifier("sku-1"))?.product.id).toBe("a");
    const codeRows = () => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare("SELECT code FROM product_codes ORDER BY rowid").pluck().all();
      } finally {
        db.close();
      }
    };
    expect(codeRows()).toEqual(["111", "222"]);
    // Only the SKU changes, then only the order of the barcodes: each time the new form is what answers.
    await store.applyPage(livePage([product({ ...before, sku: "SKU-2" }, 3_000)]));
    expect(await store.search("sku-1", 10)).toEqual([]);
    expect((await store.search("sku-2", 10)).map((item) => item.id)).toEqual(["a"]);
    await store.applyPage(livePage([product({ ...before, sku: "SKU-2", barcodes: ["333"] }, 4_000)]));
    expect(await store.lookupCode("222")).toBeNull();
    expect((await store.lookupCode("333"))?.product.id).toBe("a");
    expect((await store.search("333", 10)).map((item) => item.id)).toEqual(["a"]);
    expect(codeRows()).toEqual(["111", "333"]);
  });

  it("reads the codes back for a row written before the catalog kept its codes key", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    const before = { id: "a", name: "Apple juice", barcode: "111", barcodes: ["222"] };
    // A second product's codes after a's: rewritten codes would get new rowids.
    await store.applyPage(
      livePage([product(before, 1_000), product({ id: "b", name: "Pear", barcode: "999" }, 1_000)]),
    );
    const onDisk = (sql: string) => {
      const db = new Database(file);
      try {
        return db.prepare(sql).pluck().all();
      } finally {
        db.close();
      }
    };
    // As a row from a version 2 file: no codes key.
    onDisk("UPDATE products SET codes_key = NULL RETURNING seq");
    const codeRowids = () => onDisk("SELECT rowid FROM product_codes ORDER BY rowid");
    const kept = codeRowids();
    await store.applyPage(livePage([product({ ...before, summary: "Now cheaper" }, 2_000)]));
    expect(codeRowids()).toEqual(kept);
    expect(onDisk("SELECT codes_key FROM products WHERE id = 'a'")).toEqual(["111\u001f\u001e222\u001f"]);
    onDisk("UPDATE products SET codes_key = NULL RETURNING seq");
    await store.applyPage(livePage([product({ ...before, barcodes: ["333"] }, 3_000)]));
    expect(await store.lookupCode("222")).toBeNull();
    expect((await store.lookupCode("333"))?.product.id).toBe("a");
    expect(onDisk("SELECT code FROM product_codes ORDER BY rowid")).toEqual(["999", "111", "333"]);
  });

  it("keeps the copy received last when two edits share an updated_at", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(livePage([product({ id: "a", name: "First edit", barcode: "111" }, 1_000)]));
    await store.applyPage(livePage([product({ id: "a", name: "Second edit", barcode: "222" }, 1_000)]));
    expect(await store.lookupCode("111")).toBeNull();
    expect((await store.lookupCode("222"))?.product.name).toBe("Second edit");
  });

  it("never lets an older copy replace a newer one", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(livePage([product({ id: "a", name: "Newer", barcode: "222" }, 2_000)]));
    await store.applyPage(livePage([product({ id: "a", name: "Older", barcode: "111" }, 1_000)]));
    expect(await store.lookupCode("111")).toBeNull();
    expect((await store.lookupCode("222"))?.product.name).toBe("Newer");
  });
});

describe("applyPage: the deleted stream", () => {
  it("removes a product from lookup, search and counts", async () => {
    const store = await temp.open(temp.file());
    const item = product({ id: "a", name: "Pear", barcode: "123", sku: "PEAR-1" }, 1_000);
    await store.applyPage(livePage([item, product({ id: "b" })]));
    await store.applyPage(deletedPage([{ ...item, updated_at: { iso: "", unix: 2_000 } }]));
    expect(await store.lookupCode("123")).toBeNull();
    expect(await store.search("pear", 10)).toEqual([]);
    expect(await store.search("pe", 10)).toEqual([]);
    expect(await store.counts()).toEqual({ products: 1, inactive: 0, quarantined: 0, withUnusableParts: 0 });
  });

  it("keeps a tombstone that a later, older live copy cannot bring back", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(deletedPage([product({ id: "a", name: "Gone", barcode: "123" }, 2_000)]));
    await store.applyPage(livePage([product({ id: "a", name: "Gone", barcode: "123" }, 1_000)]));
    await store.applyPage(livePage([product({ id: "a", name: "Gone", barcode: "123" }, 2_000)]));
    expect(await store.lookupCode("123")).toBeNull();
    expect(await store.search("gone", 10)).toEqual([]);
    expect((await store.counts()).products).toBe(0);
  });

  it("lets a newer live copy restore a deleted product", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(deletedPage([product({ id: "a", barcode: "123" }, 1_000)]));
    await store.applyPage(livePage([product({ id: "a", barcode: "123" }, 2_000)]));
    expect((await store.lookupCode("123"))?.product.id).toBe("a");
  });

  it("treats a live-stream record flagged deleted as a deletion", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(livePage([product({ id: "a", barcode: "123" }, 1_000)]));
    await store.applyPage(livePage([product({ id: "a", barcode: "123", deleted: true }, 2_000)]));
    expect(await store.lookupCode("123")).toBeNull();
  });
});

describe("quarantine", () => {
  it("gives back, at the next sync, a record an older version set aside for one part it could not use", async () => {
    const file = temp.file();
    const item = product({ id: "a", barcode: "4000000000017" });
    const raw = { ...item, codes: [{ data: null, type: "ean13", caption: null }] };
    // As an older version left it: the whole record in the quarantine.
    const older = await temp.open(file);
    await older.applyPage({
      ...livePage([]),
      rejected: [{ id: "a", reason: "codes.0.data: expected string", raw }],
    });
    await older.close();
    const store = await temp.open(file);
    expect(await store.lookupCode("4000000000017")).toBeNull();
    await store.applyPage(livePage([]));
    expect((await store.lookupCode("4000000000017"))?.product.id).toBe("a");
    expect(await store.counts()).toEqual({ products: 1, inactive: 0, quarantined: 0, withUnusableParts: 1 });
    expect(await store.unusableParts()).toEqual([
      { id: "a", name: "Product a", parts: ["codes[0]: a code without data"] },
    ]);
  });

  it("forgets a product's unusable parts once a copy without them arrives", async () => {
    const store = await temp.open(temp.file());
    const item = product({ id: "a" }, 1_000);
    await store.applyPage({
      ...livePage([]),
      received: [{ product: item, raw: { ...item, sku: 5 }, unusable: ["sku: a number"] }],
    });
    expect((await store.counts()).withUnusableParts).toBe(1);
    await store.applyPage(livePage([product({ id: "a", sku: "5" }, 2_000)]));
    expect((await store.counts()).withUnusableParts).toBe(0);
    expect(await store.unusableParts()).toEqual([]);
  });

  it("keeps rejected records, one entry per id, until a valid copy arrives", async () => {
    const store = await temp.open(temp.file(), () => 42);
    const bad = { id: "a", reason: "name: expected string", raw: { id: "a", name: 5 } };
    const anonymous = { id: null, reason: "id: missing", raw: { name: "x" } };
    await store.applyPage({ ...livePage([]), rejected: [bad, anonymous] });
    await store.applyPage({ ...livePage([]), rejected: [bad, anonymous] });
    expect((await store.counts()).quarantined).toBe(2);
    await store.applyPage(livePage([product({ id: "a" })]));
    expect((await store.counts()).quarantined).toBe(1);
  });

  it("stores the reason, raw JSON and time", async () => {
    const file = temp.file();
    const store = await temp.open(file, () => 42);
    await store.applyPage({
      ...livePage([]),
      rejected: [{ id: "a", reason: "bad", raw: { id: "a", name: 5 } }],
    });
    const db = new Database(file, { readonly: true });
    const rows = db.prepare("SELECT product_id, reason, raw, received_at FROM quarantine").all();
    db.close();
    expect(rows).toEqual([{ product_id: "a", reason: "bad", raw: '{"id":"a","name":5}', received_at: 42 }]);
  });
});

describe("sync state", () => {
  it("is null until written, then persists across reopening", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    expect(await store.readSyncState()).toBeNull();
    await store.writeSyncState({ cursor: "2024-01-01", full: false });
    await store.applyPage(livePage([], 1, { cursor: "2024-02-01" }));
    await store.close();
    const again = await temp.open(file);
    expect(await again.readSyncState()).toEqual({ cursor: "2024-02-01" });
  });

  it("commits with the page: a page that fails part-way leaves neither its products nor its state", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(livePage([product({ id: "a", barcode: "111" })], 1, { page: 1 }));
    // The last statement of the transaction (saving the state) fails, after the products were written.
    const saboteur = new Database(file);
    saboteur.exec(
      "CREATE TRIGGER fail_state BEFORE UPDATE ON sync_state BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    saboteur.close();
    const page = livePage([
      product({ id: "a", barcode: "999" }, 2_000),
      product({ id: "b", barcode: "222" }),
    ]);
    await expect(store.applyPage({ ...page, syncState: { page: 2 } })).rejects.toThrow("disk full");
    expect((await store.lookupCode("111"))?.product.id).toBe("a");
    expect(await store.lookupCode("999")).toBeNull();
    expect(await store.lookupCode("222")).toBeNull();
    expect(await store.readSyncState()).toEqual({ page: 1 });
    expect(await store.counts()).toEqual({ products: 1, inactive: 0, quarantined: 0, withUnusableParts: 0 });
  });

  it("rolls back a page whose record cannot be stored, earlier products of the page included", async () => {
    const store = await temp.open(temp.file());
    const unstorable = { ...product({ id: "b" }), size: 10n };
    const broken = { product: unstorable, raw: unstorable, unusable: [] };
    const page = { ...livePage([]), received: [...received(product({ id: "a", barcode: "111" })), broken] };
    await expect(store.applyPage(page)).rejects.toThrow();
    expect(await store.lookupCode("111")).toBeNull();
    expect(await store.readSyncState()).toBeNull();
    expect((await store.counts()).products).toBe(0);
  });
});

describe("finishFullSync", () => {
  it("removes the live products not seen in the generation and saves the state", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(
      livePage([product({ id: "a", barcode: "1" }), product({ id: "b", name: "Bravo", barcode: "2" })], 1),
    );
    await store.applyPage(livePage([product({ id: "c", barcode: "3" })], 1));
    await store.applyPage(deletedPage([product({ id: "d" })], 1));
    // Generation 2 sees a (unchanged) and c (older copy than we hold: still on the server).
    await store.applyPage(livePage([product({ id: "a", barcode: "1" })], 2));
    await store.applyPage(livePage([product({ id: "c", barcode: "3" }, 500)], 2));
    expect(await store.finishFullSync({ generation: 2, syncState: { full: "done" } })).toEqual({
      removed: 1,
    });
    expect(await store.lookupCode("2")).toBeNull();
    expect(await store.search("bravo", 10)).toEqual([]);
    expect((await store.lookupCode("1"))?.product.id).toBe("a");
    expect((await store.lookupCode("3"))?.product.id).toBe("c");
    expect(await store.counts()).toEqual({ products: 2, inactive: 0, quarantined: 0, withUnusableParts: 0 });
    expect(await store.readSyncState()).toEqual({ full: "done" });
  });

  it("takes back a swept product listed again unchanged", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(
      livePage([product({ id: "a", barcode: "1" }), product({ id: "b", barcode: "2" })], 1),
    );
    await store.applyPage(livePage([product({ id: "a", barcode: "1" })], 2));
    expect(await store.finishFullSync({ generation: 2, syncState: null })).toEqual({ removed: 1 });
    await store.applyPage(livePage([product({ id: "b", barcode: "2" })], 2));
    expect((await store.lookupCode("2"))?.product.id).toBe("b");
  });
});

describe("counts", () => {
  it("counts inactive products among the products, and never tombstones", async () => {
    const store = await temp.open(temp.file());
    await store.applyPage(
      livePage([
        product({ id: "a", active: false }),
        product({ id: "b" }),
        product({ id: "c", active: false }),
      ]),
    );
    await store.applyPage(deletedPage([product({ id: "c", active: false }, 2_000)]));
    expect(await store.counts()).toEqual({ products: 2, inactive: 1, quarantined: 0, withUnusableParts: 0 });
  });
});

describe("the products with unusable parts", () => {
  // How they are read (never by walking every product) is checked with every statement's plan in
  // query-plans.test.ts.
  it("are counted and listed while live, and no longer once removed", async () => {
    const store = await temp.open(temp.file());
    const broken = product({ id: "b", name: "Brot" }, 1_000);
    const gone = product({ id: "g", name: "Gouda" }, 1_000);
    await store.applyPage({
      ...livePage([product({ id: "a" }), product({ id: "c" })]),
      received: [
        { product: broken, raw: { ...broken, sku: 5 }, unusable: ["sku: a number"] },
        { product: gone, raw: { ...gone, sku: 6 }, unusable: ["sku: a number"] },
      ],
    });
    expect((await store.counts()).withUnusableParts).toBe(2);
    await store.applyPage(deletedPage([product({ id: "g" }, 2_000)]));
    expect((await store.counts()).withUnusableParts).toBe(1);
    expect((await store.unusableParts()).map((item) => item.id)).toEqual(["b"]);
  });
});
