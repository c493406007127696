import { describe, expect, it } from "vitest";
import { openConnection } from "../../../src/core/catalog/catalog-connection.ts";
import { catalogWrites } from "../../../src/core/catalog/catalog-writes.ts";
import { livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

describe("reads while a sync writes", () => {
  it("answers with the last committed state while a page's write transaction is still open", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(
      livePage([product({ id: "a", name: "Old name", barcode: "111" }, 1_000)], 1, { page: 1 }),
    );

    // A second writer (as another store or process would) applies the next page with the store's own
    // write code inside a transaction it has not committed yet.
    const writer = openConnection(file, { readonly: false });
    writer.exec("BEGIN IMMEDIATE");
    catalogWrites(writer, Date.now).applyPages([
      livePage([product({ id: "a", name: "New name", barcode: "222" }, 2_000)], 2, { page: 2 }),
    ]);

    expect((await store.lookupCode("111"))?.product.name).toBe("Old name");
    expect(await store.lookupCode("222")).toBeNull();
    expect((await store.search("old name", 5)).map((item) => item.id)).toEqual(["a"]);
    expect(await store.readSyncState()).toEqual({ page: 1 });

    writer.exec("COMMIT");
    writer.close();
    expect(await store.lookupCode("111")).toBeNull();
    expect((await store.lookupCode("222"))?.product.name).toBe("New name");
    expect(await store.search("old name", 5)).toEqual([]);
    expect(await store.readSyncState()).toEqual({ page: 2 });
  });

  it("lets a second store on the same file read each page as it is committed", async () => {
    const file = temp.file();
    const writer = await temp.open(file);
    const reader = await temp.open(file);
    for (let page = 1; page <= 5; page++) {
      const products = [product({ id: `p${page}`, name: `Page ${page} item`, barcode: `${page}00` })];
      await writer.applyPage(livePage(products, 1, { page }));
      expect((await reader.lookupCode(`${page}00`))?.product.id).toBe(`p${page}`);
      expect(await reader.counts()).toEqual({
        products: page,
        inactive: 0,
        quarantined: 0,
        withUnusableParts: 0,
      });
      expect(await reader.readSyncState()).toEqual({ page });
    }
  });
});
