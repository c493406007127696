// Migration 9: each product's group by number (group-keys.ts). group_keys is filled from the
// distinct group ids, products.group_key from them, then the old index and column are dropped and the
// index a group's products are paged by is made again on the number and the name (the row's seq,
// which every index entry holds anyway, breaks ties instead of the product's id). The space the old
// index and column leave is reused by the next syncs' writes, not given back by a VACUUM: it is a
// tenth of the file, and a VACUUM of a million products' file would hold the till up for minutes.
import type { Database } from "better-sqlite3";
import { recountGroups } from "./group-keys.ts";

export function numberProductGroups(db: Database): void {
  db.exec(`
    CREATE TABLE group_keys (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE
    ) STRICT;
    INSERT INTO group_keys (id)
      SELECT DISTINCT group_id FROM products WHERE group_id IS NOT NULL ORDER BY group_id;
    ALTER TABLE products ADD COLUMN group_key INTEGER;
    UPDATE products SET group_key = (SELECT seq FROM group_keys WHERE id = products.group_id)
      WHERE group_id IS NOT NULL;
    DROP INDEX products_group_name;
    ALTER TABLE products DROP COLUMN group_id;
    CREATE INDEX products_group_name ON products (group_key, name_key) WHERE deleted = 0 AND parent IS NULL;
  `);
  db.exec(recountGroups);
}
