// Where the bytes of a SQLite file go, table by table and index by index (what sqlite3_analyzer
// reports), from SQLite's own dbstat table: pages in use, their payload, and what is left unused.
import BetterSqlite3 from "better-sqlite3";

export interface StoredObject {
  /** The table or index, or an FTS5 table's shadow table. */
  name: string;
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
        "SELECT name, SUM(pgsize) AS bytes, SUM(payload) AS payload FROM dbstat GROUP BY name ORDER BY bytes DESC",
      )
      .all() as StoredObject[];
    const free = db.pragma("freelist_count", { simple: true }) as number;
    const pageSize = db.pragma("page_size", { simple: true }) as number;
    return free === 0 ? objects : [...objects, { name: "(free)", bytes: free * pageSize, payload: 0 }];
  } finally {
    db.close();
  }
}
