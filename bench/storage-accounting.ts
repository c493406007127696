// Where the bytes of a SQLite file go, table by table and index by index (what sqlite3_analyzer
// reports), from SQLite's own dbstat table: pages in use, their payload, and what is left unused.
import { statSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import type { Fixture } from "./catalog-fixture.ts";
import { type Figure, sizeName } from "./figure.ts";

export interface StoredObject {
  /** The table or index, or an FTS5 table's shadow table. */
  name: string;
  /** The table it belongs to: itself for a table, the indexed table for an index. */
  table: string;
  /** Bytes of the pages it holds. */
  bytes: number;
  /** Of those, the bytes of its records (keys and values). */
  payload: number;
}

/** Every table and index of `file` by the bytes it holds, largest first; free pages as "(free)". */
export function storageByObject(file: string): StoredObject[] {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const objects = db
      .prepare(
        `SELECT d.name, coalesce(s.tbl_name, d.name) AS "table", SUM(d.pgsize) AS bytes, SUM(d.payload) AS payload
           FROM dbstat d LEFT JOIN sqlite_schema s ON s.name = d.name
          GROUP BY d.name ORDER BY bytes DESC`,
      )
      .all() as StoredObject[];
    const free = db.pragma("freelist_count", { simple: true }) as number;
    const pageSize = db.pragma("page_size", { simple: true }) as number;
    const freePages = { name: "(free)", table: "(free)", bytes: free * pageSize, payload: 0 };
    return free === 0 ? objects : [...objects, freePages];
  } finally {
    db.close();
  }
}

/**
 * The accounting as figures: bytes per live product of every object holding at least 1% of the
 * file, with the payload (what its rows hold) beside the pages (what they cost on disk).
 */
export function storageFigures(file: string, live: number, size: string): Figure[] {
  const objects = storageByObject(file);
  const total = objects.reduce((sum, object) => sum + object.bytes, 0);
  return objects
    .filter((object) => object.bytes / total >= 0.01)
    .map((object) => ({
      key: `storage_${size}_${object.name.replace(/[^a-z0-9]+/giu, "_")}_b`,
      label: `bytes per product in ${object.name}${object.table === object.name ? "" : ` (of ${object.table})`} (payload ${Math.round(object.payload / live)})`,
      unit: "B",
      value: object.bytes / live,
      baselineLabel: "",
      baseline: null,
      goal: "",
    }));
}

/** Bytes on disk per live product of a fixture's two files, both written page by page without HTTP. */
export function fixtureBytesFigure(fixture: Fixture): Figure {
  const { live } = fixture.writes;
  const size = sizeName(fixture.count);
  return {
    key: `bytes_per_product_${size}_written_b`,
    label: `bytes on disk per product, ${size} written through the store`,
    unit: "B",
    value: fileBytes(fixture.storeFile) / live,
    baselineLabel: "raw store file",
    baseline: fileBytes(fixture.rawFile) / live,
    goal: "<= 1500 B",
  };
}

/** The file and its write-ahead log, if one was left. */
export function fileBytes(file: string): number {
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  return size(file) + size(`${file}-wal`);
}
