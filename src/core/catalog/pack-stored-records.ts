// Migration 4: every stored record, JSON text until now, packed (record-packing.ts) in place. The
// column is replaced rather than the table rebuilt: dropping the table would take every product's
// codes with it (ON DELETE CASCADE), and the full-text rows point at seq, which stays as it is.
import type { Database } from "better-sqlite3";
import { packRecord } from "./record-packing.ts";

export function packStoredRecords(db: Database): void {
  db.function("pack_record", { deterministic: true }, (record) => packRecord(String(record)));
  db.exec(`
    ALTER TABLE products ADD COLUMN packed BLOB NOT NULL DEFAULT x'';
    UPDATE products SET packed = pack_record(record);
    ALTER TABLE products DROP COLUMN record;
    ALTER TABLE products RENAME COLUMN packed TO record;
  `);
}
