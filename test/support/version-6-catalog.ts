// A catalog file as version 6 of the schema (the app before search forgave typos and read brands)
// left it: made from a file the current store wrote, with the words table and the more_key column
// removed, and the full-text index made again with its three columns of then, from the row's keys and
// codes, as that app wrote them.
import Database from "better-sqlite3";
import { rewindToVersion7 } from "./version-7-catalog.ts";

export function rewindToVersion6(file: string): void {
  rewindToVersion7(file);
  const db = new Database(file);
  try {
    db.exec(`
      DROP TABLE search_words;
      DROP TABLE product_text;
      -- Indented as migration 1 wrote it: SQLite keeps the statement's text as the schema.
        CREATE VIRTUAL TABLE product_text USING fts5 (
          name, ids, codes,
          content = '', contentless_delete = 1,
          tokenize = 'trigram remove_diacritics 1 case_sensitive 0'
        );
      INSERT INTO product_text (rowid, name, ids, codes)
        SELECT seq, name_key, concat_ws(' ', custom_id_key, sku_key),
          coalesce((SELECT group_concat(code, ' ') FROM product_codes WHERE product = seq), '')
        FROM products WHERE deleted = 0;
      ALTER TABLE products DROP COLUMN more_key;
    `);
    db.pragma("user_version = 6");
  } finally {
    db.close();
  }
}
