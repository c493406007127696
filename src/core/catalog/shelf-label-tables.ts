// Migration 9: what the till knows of the labels on its shelves. Only products a sync changed (or
// that carry offers, whose price moves by itself) and labels printed have rows; every other
// product's label reads as the catalog does. Both tables are keyed by product id, without rowid.
import type { Database } from "better-sqlite3";

export function addShelfLabelTables(db: Database): void {
  db.exec(`
    -- The part of the record a label reads (label-record.ts), as it was before the first sync that
    -- changed it; NULL for a product that arrived after the first sync (a new label). seen_at: the
    -- instant its price is worked out for.
    CREATE TABLE shelf_seen (
      product_id TEXT PRIMARY KEY,
      record TEXT,
      seen_at INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
    -- The label last printed for a product at a branch ('' for a till without a branch), as JSON.
    CREATE TABLE shelf_printed (
      branch TEXT NOT NULL,
      product_id TEXT NOT NULL,
      face TEXT NOT NULL,
      printed_at INTEGER NOT NULL,
      PRIMARY KEY (branch, product_id)
    ) STRICT, WITHOUT ROWID;
  `);
}
