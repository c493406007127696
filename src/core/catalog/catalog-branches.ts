// The branches the catalog's branch prices name, with how many products each prices: what a till's
// branch is chosen from. Read from the records themselves, so it needs no column of its own; it
// walks every product (a few seconds at a million), which is fine for a settings screen.
import type { Database } from "better-sqlite3";
import type { BranchCount } from "../../shared/catalog/branch-count.ts";

export function catalogBranches(db: Database): () => BranchCount[] {
  const query = db.prepare(
    `SELECT CAST(json_extract(entry.value, '$.branch') AS TEXT) AS branch, count(DISTINCT products.seq) AS products
       FROM products, json_each(products.record, '$.prices.branch_prices') AS entry
      WHERE products.deleted = 0 AND json_type(entry.value, '$.branch') IN ('text', 'integer')
      GROUP BY 1 ORDER BY products DESC, branch`,
  );
  return () => query.all() as BranchCount[];
}
