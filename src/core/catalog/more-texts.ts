// Whether any live product's brand, keywords or tag names are in the full-text index, from FTS5's own
// totals: the "averages" record (row 1 of product_text_data) holds the number of rows and then, per
// column, the number of tokens all rows hold in it, kept exact on every insert and delete (the reason
// contentless_delete needs the per-row sizes). One read of a short row, where asking the index for
// any token of the column would read every term's postings. A catalog without any (the demo's, many
// shops') then need not run the forgiving tier for a search none of whose words may be a typo: all it
// could add is a row found through those texts (issue 52).
import type { Database } from "better-sqlite3";

/** The `more` column's place among the full-text columns (name, ids, codes, more). */
const moreColumn = 3;

export function moreTextsHeld(db: Database): () => boolean {
  const totals = db.prepare<[], Buffer>("SELECT block FROM product_text_data WHERE id = 1").pluck();
  return () => {
    const record = totals.get();
    // No record, or an empty one: the index has held no row yet.
    if (record === undefined || record.length === 0) return false;
    const counts = varints(record);
    // A record this code cannot read: assume there are some.
    if (counts === null) return true;
    return (counts[0] ?? 0) > 0 && (counts[1 + moreColumn] ?? 1) > 0;
  };
}

/** SQLite's varints (big-endian, 7 bits a byte, the ninth byte whole), or null on a cut-off one. */
function varints(bytes: Buffer): number[] | null {
  const values: number[] = [];
  let at = 0;
  while (at < bytes.length) {
    let value = 0;
    let read = 0;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined) return null;
      if (read === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      read += 1;
      if ((byte & 0x80) === 0) break;
    }
    values.push(value);
  }
  return values;
}
