// The settings a catalog file is created with, which its speed and size depend on.
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { openCatalogStore } from "../../../src/core/catalog/catalog-store.ts";
import { tempDir } from "../../support/service-fixtures.ts";

const dir = await tempDir();
afterAll(dir.remove);

it("creates catalog files with 8 KB pages in WAL mode", async () => {
  const file = `${dir.path}/catalog.sqlite`;
  const store = await openCatalogStore(file);
  await store.close();
  const db = new Database(file, { readonly: true });
  try {
    expect(db.pragma("page_size", { simple: true })).toBe(8192);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
  } finally {
    db.close();
  }
});
