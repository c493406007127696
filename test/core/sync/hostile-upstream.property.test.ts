// Property: whatever an upstream does (loops, repeats, pages of one record, future dates, wrong order,
// early ends, faults, garbage, a lying count), a sync either converges or stops with a plain error;
// it never loops, never keeps a record the upstream did not send, never loses a product the
// upstream still lists, and once the upstream behaves, the next ordinary sync converges: no blind spot.
import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCommerceClient } from "../../../src/core/api/commerce-client.ts";
import type { CatalogStore } from "../../../src/core/catalog/catalog-store.ts";
import { type ProductsSource, runSync } from "../../../src/core/sync/sync-engine.ts";
import { isAppError } from "../../../src/shared/app-error.ts";
import {
  type ModelProduct,
  type ModelUpstream,
  misbehaviours,
  startModelUpstream,
} from "../../support/model-upstream.ts";
import { tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();
const base = Date.UTC(2026, 0, 1);
const future = Date.parse("9999-12-31T23:59:59.999Z");

function source(upstream: ModelUpstream): ProductsSource {
  const client = createCommerceClient({
    baseUrl: upstream.baseUrl,
    retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
  });
  const auth = { token: "t", account: "acct" };
  return {
    fetchPage: (query, signal) => client.fetchProductsPage(auth, query, signal),
    total: (filters, signal) => client.productsTotal(auth, filters, signal),
  };
}

/** Live products in the file: id -> updated_at (ms). */
function local(file: string): Map<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare("SELECT id, updated_at FROM products WHERE deleted = 0").all() as {
      id: string;
      updated_at: number;
    }[];
    return new Map(rows.map((row) => [row.id, row.updated_at]));
  } finally {
    db.close();
  }
}

const live = (catalog: ModelProduct[]) =>
  new Map(catalog.filter((item) => !item.deleted).map((item) => [item.id, item.updatedAt]));

const catalogArbitrary = fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { maxLength: 40 }).chain((ids) =>
  fc.tuple(
    ...ids.map((id) =>
      fc.record({
        id: fc.constant(`p${String(id).padStart(3, "0")}`),
        // Few distinct instants: long runs of equal updated_at.
        updatedAt: fc.integer({ min: 0, max: 5 }).map((step) => base + step * 1000),
        deleted: fc.integer({ min: 0, max: 99 }).map((roll) => roll < 15),
      }),
    ),
  ),
);

const changeArbitrary = fc.array(
  fc.record({ pick: fc.nat(), kind: fc.constantFrom("update", "delete", "create") }),
  { maxLength: 8 },
);

async function syncOnce(
  store: CatalogStore,
  upstream: ModelUpstream,
  options: { full: boolean; pageSize: number },
) {
  return runSync({ source: source(upstream), store, clock: Date.now, ...options }).then(
    (summary) => ({ ok: true as const, summary }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

describe("sync against generated upstream behaviours", () => {
  it("converges or fails plainly, never invents or loses products, and leaves no blind spot", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary,
        changeArbitrary,
        fc.array(fc.constantFrom(...misbehaviours), { maxLength: 6 }),
        fc.constantFrom<number | "unreadable">(0, 0, -3, 3, -40, "unreadable"),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        async (initial, changes, plan, countLie, pageSize, full) => {
          const upstream = await startModelUpstream(initial.map((item) => ({ ...item })));
          const file = temp.file();
          const store = await temp.open(file);
          try {
            const first = await syncOnce(store, upstream, { full: false, pageSize });
            expect(first.ok).toBe(true);
            expect(local(file)).toEqual(live(upstream.catalog));
            const before = local(file);

            let clock = base + 10_000;
            for (const change of changes) {
              const target = upstream.catalog[change.pick % Math.max(1, upstream.catalog.length)];
              clock += 1;
              if (change.kind === "create" || target === undefined) {
                upstream.catalog.push({ id: `n${clock}`, updatedAt: clock, deleted: false });
              } else {
                target.updatedAt = clock;
                target.deleted = change.kind === "delete";
              }
            }
            upstream.plan = [...plan];
            upstream.countLie = countLie;
            const hostile = await syncOnce(store, upstream, { full, pageSize });
            if (!hostile.ok) {
              expect(isAppError(hostile.error)).toBe(true);
            }
            // Every product held is one the upstream sent, as it was or as it is now (or as a lying
            // clock dated it); none the upstream still lists is gone, unless its own count says fewer.
            const now = live(upstream.catalog);
            for (const [id, updatedAt] of local(file)) {
              expect([before.get(id), now.get(id), future]).toContain(updatedAt);
            }
            if (countLie === "unreadable" || countLie >= 0) {
              for (const id of before.keys()) if (now.has(id)) expect(local(file).has(id)).toBe(true);
            }

            upstream.plan = [];
            upstream.countLie = 0;
            const healed = await syncOnce(store, upstream, { full: false, pageSize });
            expect(healed.ok).toBe(true);
            expect(local(file)).toEqual(now);
          } finally {
            await upstream.close();
          }
        },
      ),
      { numRuns: 50 },
    );
  }, 180_000);

  it("ends when the upstream keeps moving a record away and back, a walk that would go back and forth", async () => {
    const run = [286, 436, 907].map((id) => ({ id: `p${id}`, updatedAt: base + 5000, deleted: false }));
    const upstream = await startModelUpstream(run);
    const store = await temp.open(temp.file());
    try {
      expect((await syncOnce(store, upstream, { full: false, pageSize: 1 })).ok).toBe(true);
      // Each lie sends the walk back through the run; each honest page would bring it forward again.
      upstream.plan = Array.from({ length: 4000 }, (_, call) => (call % 2 === 0 ? "lying-clock" : "honest"));
      const result = await syncOnce(store, upstream, { full: false, pageSize: 1 });
      if (!result.ok) expect(isAppError(result.error)).toBe(true);
      expect(upstream.plan.length).toBeGreaterThan(0);
    } finally {
      await upstream.close();
    }
  });
});
