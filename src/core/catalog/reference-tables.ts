// Migration 8: the reference data beside the products (favourite sets, product groups, taxes) and
// what the till knows of each list, and each product's group as a column with the index a group's
// products are paged by, alphabetically (keyset on name_key, id: page 800 costs what page 1 does).
// The column is filled from the stored records, a batch at a time; the groups' sizes are counted once
// here and again by every sync that changed products, never while a till answers.
import type { Database } from "better-sqlite3";
import { recordDecoder } from "./stored-records.ts";

export function addReferenceTables(db: Database): void {
  db.exec(`
    CREATE TABLE reference_records (
      kind TEXT NOT NULL,
      id TEXT NOT NULL,
      info TEXT NOT NULL,
      parts TEXT,
      PRIMARY KEY (kind, id)
    ) STRICT;
    CREATE TABLE reference_lists (
      kind TEXT PRIMARY KEY,
      state TEXT NOT NULL,
      records INTEGER NOT NULL,
      refused INTEGER NOT NULL,
      checked_at INTEGER NOT NULL
    ) STRICT;
    -- Live products per group, as of the last sync (counting them is a walk of the whole index).
    CREATE TABLE group_counts (
      group_id TEXT,
      products INTEGER NOT NULL
    ) STRICT;
    ALTER TABLE products ADD COLUMN group_id TEXT;
  `);
  const decode = recordDecoder(db);
  const setGroup = db.prepare("UPDATE products SET group_id = ? WHERE seq = ?");
  // A batch read, then written: better-sqlite3 cannot write while a read iterates on the connection.
  const batch = db.prepare<[number], { seq: number; record: string; shape: number | null }>(
    "SELECT seq, record, shape FROM products WHERE deleted = 0 AND seq > ? ORDER BY seq LIMIT 1000",
  );
  for (let after = 0; ; ) {
    const rows = batch.all(after);
    if (rows.length === 0) break;
    for (const row of rows) {
      const group = decode.value(row, "product_group");
      if (typeof group === "string") setGroup.run(group, row.seq);
    }
    after = rows.at(-1)?.seq ?? after;
  }
  db.exec(
    "CREATE INDEX products_group_name ON products (group_id, name_key, id) WHERE deleted = 0 AND parent IS NULL",
  );
  // The counts as this version's columns give them; migration 9 counts again by group number.
  db.exec(`
    INSERT INTO group_counts (group_id, products)
      SELECT group_id, count(*) FROM products WHERE deleted = 0 AND parent IS NULL GROUP BY group_id;
  `);
}
