// The branches the catalog's branch prices name, with how many products each prices: what a till's
// branch is chosen from. Read from the records themselves, so it needs no column of its own; it
// walks every product (a few seconds at a million), which is fine for a settings screen.
import type { Database } from "better-sqlite3";
import type { BranchCount } from "../../shared/catalog/branch-count.ts";
import type { RecordDecoder, StoredRecord } from "./stored-records.ts";

export function catalogBranches(db: Database, decoder: RecordDecoder): () => BranchCount[] {
  const live = db.prepare<[], StoredRecord>("SELECT shape, record FROM products WHERE deleted = 0");
  return () => {
    const counts = new Map<string, number>();
    for (const row of live.iterate()) {
      for (const branch of branchesPriced(decoder.value(row, "prices"))) {
        counts.set(branch, (counts.get(branch) ?? 0) + 1);
      }
    }
    return [...counts]
      .map(([branch, products]) => ({ branch, products }))
      .sort((a, b) => b.products - a.products || (a.branch < b.branch ? -1 : a.branch > b.branch ? 1 : 0));
  };
}

/** The branches one product's prices name, each once: a text, or a whole number written as text. */
function branchesPriced(prices: unknown): Set<string> {
  const entries = (prices as { branch_prices?: unknown } | null)?.branch_prices;
  const named = new Set<string>();
  if (!Array.isArray(entries)) return named;
  for (const entry of entries) {
    const branch = (entry as { branch?: unknown } | null)?.branch;
    if (typeof branch === "string") named.add(branch);
    else if (Number.isInteger(branch)) named.add(String(branch));
  }
  return named;
}
