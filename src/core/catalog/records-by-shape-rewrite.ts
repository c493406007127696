// Migration 5: every record a catalog held as received, rewritten by shape (stored-records.ts). A
// million records are too many for one transaction (its journal would be as large as the file, and
// a sync could not write for minutes), so it goes in batches that commit: a process killed midway
// leaves a file whose rewritten rows and others are both readable, and the next open carries on.
import type { Database } from "better-sqlite3";
import { recordEncoder } from "./stored-records.ts";

const batchSize = 2000;

/** Returns how many rows it rewrote. */
export function rewriteRecordsByShape(db: Database): number {
  const encode = recordEncoder(db);
  // Rows a full shape table leaves as received stay so; the walk goes on after them by seq.
  const batch = db.prepare<[number, number], { seq: number; record: string }>(
    "SELECT seq, record FROM products WHERE shape IS NULL AND seq > ? ORDER BY seq LIMIT ?",
  );
  const update = db.prepare("UPDATE products SET record = ?, shape = ? WHERE seq = ?");
  let rewritten = 0;
  const rewriteBatch = db.transaction((after: number): number | null => {
    const rows = batch.all(after, batchSize);
    const stored = encode(rows.map((row) => JSON.parse(row.record) as Record<string, unknown>));
    rows.forEach((row, index) => {
      const { record, shape } = stored[index] ?? { record: row.record, shape: null };
      update.run(record, shape, row.seq);
    });
    rewritten += rows.length;
    return rows.at(-1)?.seq ?? null;
  });
  for (let after: number | null = 0; after !== null; ) after = rewriteBatch.immediate(after);
  return rewritten;
}
