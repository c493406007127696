// A catalog file as the version before packed records wrote it (schema version 3): records as JSON
// text in the column after generation, codes_key last. Made from a current file, so a test can fill
// it through today's write path and then open it as an upgrade.
import Database from "better-sqlite3";
import { unpackRecord } from "../../src/core/catalog/record-packing.ts";

export function rewriteAsVersion3(file: string): void {
  const db = new Database(file);
  try {
    db.function("unpack_record", (record) => unpackRecord(record as Buffer));
    db.transaction(() => {
      // Column by column, to the order migrations 1 to 3 left: ..., generation, record, codes_key.
      db.exec(`
        ALTER TABLE products ADD COLUMN text_record TEXT NOT NULL DEFAULT '';
        UPDATE products SET text_record = unpack_record(record);
        ALTER TABLE products DROP COLUMN record;
        ALTER TABLE products RENAME COLUMN text_record TO record;
        ALTER TABLE products ADD COLUMN old_codes_key TEXT;
        UPDATE products SET old_codes_key = codes_key;
        ALTER TABLE products DROP COLUMN codes_key;
        ALTER TABLE products RENAME COLUMN old_codes_key TO codes_key;
      `);
      db.pragma("user_version = 3");
    })();
  } finally {
    db.close();
  }
}

/**
 * The products table's columns as `name type notnull`, to compare two files' schemas. Defaults are
 * left out: a column added NOT NULL needs one, and no row written here takes it.
 */
export function productColumns(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const columns = db.pragma("table_info(products)") as {
      name: string;
      type: string;
      notnull: number;
    }[];
    return columns.map((c) => `${c.name} ${c.type} ${c.notnull}`);
  } finally {
    db.close();
  }
}
