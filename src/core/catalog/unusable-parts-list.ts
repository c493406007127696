// The live products held with parts the catalog cannot use, for `check`: which product, and which
// parts were left out and why, so a shop manager can correct them at the service.
import type { Database } from "better-sqlite3";
import type { RecordDecoder, StoredRecord } from "./stored-records.ts";

export interface ProductWithUnusableParts {
  id: string;
  name: string;
  /** Each part left out: where it is in the record and why, e.g. "codes[1]: a code without data". */
  parts: string[];
}

export function unusablePartsList(db: Database, decoder: RecordDecoder): ProductWithUnusableParts[] {
  // The few products with unusable parts lead (CROSS JOIN), rather than every product in name order.
  const rows = db
    .prepare<[], StoredRecord & { id: string; parts: string }>(`
      SELECT p.id, p.shape, p.record, u.parts
      FROM unusable_parts u CROSS JOIN products p ON p.id = u.product_id AND p.deleted = 0
      ORDER BY p.name_key, p.id`)
    .all();
  return rows.map((row) => ({
    id: row.id,
    name: String(decoder.value(row, "name") ?? ""),
    parts: JSON.parse(row.parts) as string[],
  }));
}
