// Long runs of products sharing one updated_at, made in a stopped reference service's database file.
// The service itself stamps every write with a strictly newer instant, and its demo catalog's runs are
// short, so this is how the walk's hardest case (a run much longer than a page) is produced on purpose.
import Database from "better-sqlite3";

/**
 * Groups the products, in updated_at order, into runs of `runLength` and gives each run its newest
 * instant, in the row and in the JSON body alike. Returns the number of runs made.
 */
export function makeEqualTimestampRuns(database: string, runLength: number): number {
  const db = new Database(database);
  try {
    const rows = db.prepare("SELECT id, updated_at FROM products ORDER BY updated_at, id").all() as {
      id: string;
      updated_at: number;
    }[];
    const stamp = db.prepare(`
      UPDATE products SET updated_at = @unix,
        body = json_set(body, '$.updated_at.iso', @iso, '$.updated_at.unix', @unix)
      WHERE id = @id`);
    let runs = 0;
    db.transaction(() => {
      for (let start = 0; start < rows.length; start += runLength) {
        const run = rows.slice(start, start + runLength);
        const unix = (run.at(-1) as { updated_at: number }).updated_at;
        const iso = new Date(unix).toISOString();
        for (const { id } of run) stamp.run({ id, unix, iso });
        runs += 1;
      }
    })();
    return runs;
  } finally {
    db.close();
  }
}

/**
 * A bulk change at one instant, as an import job makes it: the products `choose` picks from all of
 * them get one updated_at, newer than any write so far (a change never goes back in time).
 * Returns how many were stamped.
 */
export function stampAsOneInstant(database: string, choose: (ids: string[]) => string[]): number {
  const db = new Database(database);
  try {
    const ids = (db.prepare("SELECT id FROM products ORDER BY id").all() as { id: string }[]).map(
      (row) => row.id,
    );
    const newest = (db.prepare("SELECT max(updated_at) AS newest FROM products").get() as { newest: number })
      .newest;
    const unix = newest + 1;
    const stamp = db.prepare(`
      UPDATE products SET updated_at = @unix,
        body = json_set(body, '$.updated_at.iso', @iso, '$.updated_at.unix', @unix)
      WHERE id = @id`);
    const chosen = choose(ids);
    db.transaction(() => {
      for (const id of chosen) stamp.run({ id, unix, iso: new Date(unix).toISOString() });
    })();
    return chosen.length;
  } finally {
    db.close();
  }
}
