// A read whose answer changes only when the database does, answered again from memory while nothing
// has been committed to it since: by another connection (SQLite's `data_version`) or by this one
// (`total_changes()`). The app's status asks for its counts at every step of a picture run (twice a
// second); counting the catalog and the picture cache each time held the thread that answers scans
// for 7-16 ms at 20k products, and longer the larger the catalog (docs/benchmarks.md).
import type { Database } from "better-sqlite3";

export function untilChanged<T>(db: Database, read: () => T): () => T {
  // Prepared once: db.pragma() compiles its statement again at every call, which cost more than
  // the rest of a lookup's reads of the groups and taxes.
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  const ownChanges = db.prepare("SELECT total_changes()").pluck();
  let last: { version: string; value: T } | null = null;
  return () => {
    const version = `${dataVersion.get()}/${ownChanges.get()}`;
    if (last === null || last.version !== version) last = { version, value: read() };
    return last.value;
  };
}
