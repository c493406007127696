// The baseline store: the least a till's catalog must do, written straight against better-sqlite3
// with the catalog's own connection settings. Records as received, every code under a primary key,
// names in a trigram full-text index; no quarantine, no tombstones, no variant families, no
// checkpoints. Our store's figures are read as ratios to this one's, measured in the same run.
import type { Database } from "better-sqlite3";
import { openConnection } from "../src/core/catalog/catalog-connection.ts";

export interface RawStore {
  db: Database;
  /** Pages in one transaction, as a sync commits its batches (src/core/sync/page-batches.ts). */
  writePages(pages: readonly (readonly RawRecord[])[]): void;
  /** The record a code names, parsed, or undefined. */
  lookup(code: string): unknown;
  /** The first `limit` records whose names hold every word, unranked. */
  search(text: string, limit: number): unknown[];
  close(): void;
}

/** The fields of a product record the raw store reads. */
export interface RawRecord {
  id: string;
  name: string;
  barcode?: string | null;
  barcodes?: string[] | null;
  codes?: { data: string }[] | null;
}

export function openRawStore(file: string): RawStore {
  const db = openConnection(file, { readonly: false });
  db.exec(`
    CREATE TABLE IF NOT EXISTS raw_products (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS raw_codes (code TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
    CREATE VIRTUAL TABLE IF NOT EXISTS raw_names USING fts5 (name, content = '', tokenize = 'trigram');
  `);
  const insertProduct = db.prepare(
    "INSERT INTO raw_products (id, record) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET record = excluded.record RETURNING seq",
  );
  const insertCode = db.prepare("INSERT OR REPLACE INTO raw_codes (code, seq) VALUES (?, ?)");
  const insertName = db.prepare("INSERT INTO raw_names (rowid, name) VALUES (?, ?)");
  const byCode = db.prepare(
    "SELECT p.record FROM raw_codes c JOIN raw_products p ON p.seq = c.seq WHERE c.code = ?",
  );
  const byName = db.prepare(
    "SELECT p.record FROM raw_names n JOIN raw_products p ON p.seq = n.rowid WHERE raw_names MATCH ? LIMIT ?",
  );
  const writePages = db.transaction((pages: readonly (readonly RawRecord[])[]) => {
    for (const record of pages.flat()) {
      const { seq } = insertProduct.get(record.id, JSON.stringify(record)) as { seq: number };
      if (record.barcode) insertCode.run(record.barcode, seq);
      for (const code of record.barcodes ?? []) insertCode.run(code, seq);
      for (const code of record.codes ?? []) insertCode.run(code.data, seq);
      insertName.run(seq, record.name);
    }
  });
  return {
    db,
    writePages: (pages) => writePages.immediate(pages),
    lookup(code) {
      const row = byCode.get(code) as { record: string } | undefined;
      return row === undefined ? undefined : JSON.parse(row.record);
    },
    search(text, limit) {
      const words = text.split(/\s+/u).filter((word) => word.length >= 3);
      if (words.length === 0) return [];
      const match = words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" ");
      return (byName.all(match, limit) as { record: string }[]).map((row) => JSON.parse(row.record));
    },
    close: () => db.close(),
  };
}
