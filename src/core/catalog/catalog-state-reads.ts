// What the sync and the status read about the catalog itself (how many products, what the walk has
// seen, the sync's position), on the read connection with statements prepared once: plain SQL keeps
// a query builder and its hundreds of modules out of a till's start and out of every sync.
import type { Database } from "better-sqlite3";
import { untilChanged } from "../storage/unchanged-reads.ts";

export interface CatalogStateReads {
  /** products = non-deleted, inactive included; withUnusableParts = those of them with parts left out. */
  counts(): CatalogCounts;
  /** Live products stamped with `generation`. */
  countSeen(generation: number): number;
  /** null when never written. */
  syncState(): unknown;
}

export interface CatalogCounts {
  products: number;
  inactive: number;
  quarantined: number;
  withUnusableParts: number;
}

export function catalogStateReads(db: Database): CatalogStateReads {
  // Each count is answered from a partial index without tombstones: the live products from
  // products_generation's, the inactive ones from products_inactive, which holds only them.
  const live = db.prepare("SELECT count(*) FROM products WHERE deleted = 0").pluck();
  const inactive = db.prepare("SELECT count(*) FROM products WHERE deleted = 0 AND active = 0").pluck();
  const quarantined = db.prepare("SELECT count(*) FROM quarantine").pluck();
  // CROSS JOIN keeps the few products with unusable parts as the outer loop: with a plain JOIN the
  // planner walked every live product instead, at each status read after a write (a sync's pages),
  // on the thread that answers scans.
  const unusable = db
    .prepare(
      "SELECT count(*) FROM unusable_parts u CROSS JOIN products p ON p.id = u.product_id AND p.deleted = 0",
    )
    .pluck();
  const seen = db.prepare("SELECT count(*) FROM products WHERE deleted = 0 AND generation = ?").pluck();
  const state = db.prepare("SELECT state FROM sync_state").pluck();
  return {
    counts: untilChanged(db, () => {
      return {
        products: live.get() as number,
        inactive: inactive.get() as number,
        quarantined: quarantined.get() as number,
        withUnusableParts: unusable.get() as number,
      };
    }),
    countSeen: (generation) => seen.get(generation) as number,
    syncState() {
      const stored = state.get() as string | undefined;
      return stored === undefined ? null : JSON.parse(stored);
    },
  };
}
