// A catalog file as version 8 of the schema (the app before it numbered the product groups) left it:
// made from a file the current store wrote, rewound to version 9, then each product's group id put
// back in its row and the group index made again on it, as migration 8 made it.
import Database from "better-sqlite3";
import { rewindToVersion9 } from "./version-9-catalog.ts";

export function rewindToVersion8(file: string): void {
  rewindToVersion9(file);
  const db = new Database(file);
  try {
    db.exec(`
      ALTER TABLE products ADD COLUMN group_id TEXT;
      UPDATE products SET group_id = (SELECT id FROM group_keys WHERE seq = products.group_key);
      DROP INDEX products_group_name;
      ALTER TABLE products DROP COLUMN group_key;
      DROP TABLE group_keys;
      CREATE INDEX products_group_name ON products (group_id, name_key, id) WHERE deleted = 0 AND parent IS NULL;
    `);
    db.pragma("user_version = 8");
  } finally {
    db.close();
  }
}
