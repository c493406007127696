// Migration 7: the full-text index gains a column for the brand, keywords, tags and manufacturer
// name (FTS5 tables take no new column, so it is made again), and the catalog's words table for typo
// tolerance (search-words.ts) is filled. Both are rebuilt from the stored records in one transaction,
// once (docs/search.md).
import type { Database } from "better-sqlite3";
import { productRow, rowCodes, rowSearchText } from "./catalog-row.ts";
import { searchWordsWriter } from "./search-words.ts";
import { recordDecoder } from "./stored-records.ts";

export function rebuildSearchWords(db: Database): void {
  db.exec(`
    ALTER TABLE products ADD COLUMN more_key TEXT;
    DROP TABLE product_text;
    CREATE VIRTUAL TABLE product_text USING fts5 (
      name, ids, codes, more,
      content = '', contentless_delete = 1,
      tokenize = 'trigram remove_diacritics 1 case_sensitive 0'
    );
    -- A word typed wrong finds the catalog's words it may stand for here (search-words.ts).
    CREATE TABLE search_words (
      form TEXT NOT NULL,
      word TEXT NOT NULL,
      PRIMARY KEY (form, word)
    ) STRICT, WITHOUT ROWID;
  `);
  const decode = recordDecoder(db);
  const recordWords = searchWordsWriter(db).record;
  const setMore = db.prepare("UPDATE products SET more_key = ? WHERE seq = ?");
  const insertText = db.prepare(
    "INSERT INTO product_text (rowid, name, ids, codes, more) VALUES (@seq, @name, @ids, @codes, @more)",
  );
  // A batch read, then written: better-sqlite3 cannot write while a read iterates on the connection.
  const batch = db.prepare<[number], { seq: number; id: string; record: string; shape: number | null }>(
    "SELECT seq, id, record, shape FROM products WHERE deleted = 0 AND seq > ? ORDER BY seq LIMIT 1000",
  );
  for (let after = 0; ; ) {
    const rows = batch.all(after);
    if (rows.length === 0) return;
    for (const row of rows) {
      const product = decode.product(row);
      const keys = productRow(product, false, 0);
      if (keys.more_key !== null) setMore.run(keys.more_key, row.seq);
      insertText.run({ seq: row.seq, ...rowSearchText(keys, rowCodes(product)) });
      recordWords([keys.name_key, keys.more_key ?? ""]);
    }
    after = rows.at(-1)?.seq ?? after;
  }
}
