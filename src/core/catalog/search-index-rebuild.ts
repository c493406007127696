// Recomputes every live product's search keys and full-text row from its stored record, for a
// migration that follows a change of the search form (search-text.ts). Codes are not touched: their
// key form (catalogKey) is independent of it. Written for migration 2, which runs while records are
// still the JSON received; a later migration using it must read them with stored-records.ts.
import type { Database } from "better-sqlite3";
import type { Product } from "../../shared/api/product.ts";
import { productRow, rowCodes, rowSearchText } from "./catalog-row.ts";

export function rebuildSearchIndex(db: Database): void {
  // A contentless table is emptied in one command instead of a delete per row.
  db.exec("INSERT INTO product_text (product_text) VALUES ('delete-all')");
  const updateKeys = db.prepare(
    "UPDATE products SET name_key = @name_key, custom_id_key = @custom_id_key, sku_key = @sku_key WHERE seq = @seq",
  );
  const insertText = db.prepare(
    "INSERT INTO product_text (rowid, name, ids, codes) VALUES (@seq, @name, @ids, @codes)",
  );
  // better-sqlite3 cannot write while a read is iterating on the same connection, and a million
  // records do not fit in memory at once: read a batch, write it, go on after its last seq.
  const batch = db.prepare(
    "SELECT seq, record FROM products WHERE deleted = 0 AND seq > ? ORDER BY seq LIMIT 1000",
  );
  let after = 0;
  for (;;) {
    const rows = batch.all(after) as { seq: number; record: string }[];
    if (rows.length === 0) return;
    for (const { seq, record } of rows) {
      // Migration 2 runs before records were stored by shape (migration 4): each is the JSON received.
      const product = JSON.parse(record) as Product;
      const keys = productRow(product, false, 0);
      const { name_key, custom_id_key, sku_key } = keys;
      updateKeys.run({ seq, name_key, custom_id_key, sku_key });
      insertText.run({ seq, ...rowSearchText(keys, rowCodes(product)) });
    }
    after = rows.at(-1)?.seq ?? after;
  }
}
