// The branches a till's branch is chosen from: those the service lists (with number and name) and
// those the catalog's branch prices name, with how many products each prices. The counts are read
// from the records themselves, so they need no column of their own; that walks every product (a few
// seconds at a million), which is fine for a settings screen.
import type { Database } from "better-sqlite3";
import type { BranchInfo } from "../../shared/api/branch.ts";
import type { BranchCount } from "../../shared/catalog/branch-count.ts";
import type { RecordDecoder, StoredRecord } from "./stored-records.ts";

export function catalogBranches(db: Database, decoder: RecordDecoder): () => BranchCount[] {
  const live = db.prepare<[], StoredRecord>("SELECT shape, record FROM products WHERE deleted = 0");
  const listed = branchList(db);
  return () => {
    const counts = new Map<string, number>();
    for (const row of live.iterate()) {
      for (const branch of branchesPriced(decoder.value(row, "prices"))) {
        counts.set(branch, (counts.get(branch) ?? 0) + 1);
      }
    }
    const known = new Map(listed.all().map((info) => [info.id, info]));
    const ids = new Set([...known.keys(), ...counts.keys()]);
    return [...ids]
      .map((branch) => ({
        branch,
        products: counts.get(branch) ?? 0,
        name: known.get(branch)?.name ?? null,
        number: known.get(branch)?.number ?? null,
      }))
      .sort(byNumberThenProducts);
  };
}

/** The branches the service listed at the last sync, and one of them by id. */
export function branchList(db: Database) {
  const all = db.prepare<[], string>("SELECT info FROM branches").pluck();
  const one = db.prepare<[string], string>("SELECT info FROM branches WHERE id = ?").pluck();
  return {
    all: () => all.all().map((info) => JSON.parse(info) as BranchInfo),
    byId(id: string): BranchInfo | null {
      const info = one.get(id);
      return info === undefined ? null : (JSON.parse(info) as BranchInfo);
    },
  };
}

/** Numbered branches by number, then the rest by how many products they price, then by id. */
function byNumberThenProducts(a: BranchCount, b: BranchCount): number {
  if (a.number !== null || b.number !== null) {
    if (a.number === null) return 1;
    if (b.number === null) return -1;
    if (a.number !== b.number) return a.number - b.number;
  }
  return b.products - a.products || (a.branch < b.branch ? -1 : a.branch > b.branch ? 1 : 0);
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
