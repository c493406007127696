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
  /** Records by id, parsed, in the order asked (a tab of keys). */
  byIds(ids: readonly string[]): unknown[];
  /** A group's records by name after (name, seq), parsed: one keyset page of a group. */
  groupPage(
    group: string,
    after: { name: string; seq: number } | null,
    limit: number,
  ): { records: unknown[]; last: { name: string; seq: number } | null };
  close(): void;
}

/** The fields of a product record the raw store reads. */
export interface RawRecord {
  id: string;
  name: string;
  barcode?: string | null;
  barcodes?: string[] | null;
  codes?: { data: string }[] | null;
  product_group?: string | null;
  parent?: string | null;
}

export function openRawStore(file: string): RawStore {
  const db = openConnection(file, { readonly: false });
  db.exec(`
    CREATE TABLE IF NOT EXISTS raw_products (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS raw_codes (code TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
    CREATE VIRTUAL TABLE IF NOT EXISTS raw_names USING fts5 (name, content = '', tokenize = 'trigram');
    -- A group's products by name: the least a keyset page of a group needs.
    CREATE TABLE IF NOT EXISTS raw_groups (grp TEXT NOT NULL, name TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (grp, name, seq)) WITHOUT ROWID;
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
  const insertGroup = db.prepare("INSERT OR REPLACE INTO raw_groups (grp, name, seq) VALUES (?, ?, ?)");
  const byId = db.prepare("SELECT record FROM raw_products WHERE id = ?").pluck();
  const groupFirst = db.prepare(
    "SELECT g.name, g.seq, p.record FROM raw_groups g JOIN raw_products p ON p.seq = g.seq WHERE g.grp = ? ORDER BY g.name, g.seq LIMIT ?",
  );
  const groupAfter = db.prepare(
    "SELECT g.name, g.seq, p.record FROM raw_groups g JOIN raw_products p ON p.seq = g.seq WHERE g.grp = ? AND (g.name, g.seq) > (?, ?) ORDER BY g.name, g.seq LIMIT ?",
  );
  const writePages = db.transaction((pages: readonly (readonly RawRecord[])[]) => {
    for (const record of pages.flat()) {
      const { seq } = insertProduct.get(record.id, JSON.stringify(record)) as { seq: number };
      if (record.barcode) insertCode.run(record.barcode, seq);
      for (const code of record.barcodes ?? []) insertCode.run(code, seq);
      for (const code of record.codes ?? []) insertCode.run(code.data, seq);
      insertName.run(seq, record.name);
      if (record.product_group && !record.parent) insertGroup.run(record.product_group, record.name, seq);
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
    byIds: (ids) => ids.map((id) => JSON.parse(byId.get(id) as string)),
    groupPage(group, after, limit) {
      const rows = (
        after === null ? groupFirst.all(group, limit) : groupAfter.all(group, after.name, after.seq, limit)
      ) as {
        name: string;
        seq: number;
        record: string;
      }[];
      const last = rows.at(-1);
      return {
        records: rows.map((row) => JSON.parse(row.record)),
        last: last === undefined || rows.length < limit ? null : { name: last.name, seq: last.seq },
      };
    },
    close: () => db.close(),
  };
}
