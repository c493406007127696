// Migrations 4 and 5 on a catalog file as version 3 (the app before records were stored by shape)
// left it: every record rewritten in place, nothing lost, also when the process is killed midway.

import { spawn } from "node:child_process";
import { once } from "node:events";
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate, migrations } from "../../../src/core/catalog/catalog-migrations.ts";
import { reclaimFreeSpace } from "../../../src/core/catalog/free-space-reclaim.ts";
import { generateDemoCatalog } from "../../../src/server/demo/demo-catalog.ts";
import type { Product } from "../../../src/shared/api/product.ts";
import type { BranchCount } from "../../../src/shared/catalog/branch-count.ts";
import { livePage, tempCatalogs } from "../../support/temp-catalogs.ts";
import { rewindToVersion3 } from "../../support/version-3-catalog.ts";

const temp = tempCatalogs();
const childPath = fileURLToPath(new URL("../../support/catalog-open-child.ts", import.meta.url));

/** A version 3 file holding `count` demo products (families, tombstones) and a quarantined record. */
async function version3File(count: number): Promise<{ file: string; sent: Product[] }> {
  const sent = generateDemoCatalog({ count, seed: 3, accountId: "acct", now: Date.UTC(2026, 0, 1) });
  const file = temp.file();
  const store = await temp.open(file);
  for (let start = 0; start < sent.length; start += 1000) {
    const page = livePage(sent.slice(start, start + 1000), 1, { start });
    await store.applyPage({
      ...page,
      received: page.received.map((item) => ({ ...item, raw: JSON.parse(JSON.stringify(item.raw)) })),
      rejected: start === 0 ? [{ id: "bad", reason: "no name", raw: { id: "bad" } }] : [],
    });
  }
  await store.close();
  rewindToVersion3(file);
  return { file, sent };
}

function query<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** Rows still holding their record as received (all of them before migration 4 adds the column). */
function shapeless(file: string): number | undefined {
  const hasShape = query(file, "SELECT 1 FROM pragma_table_info('products') WHERE name = 'shape'").length;
  const where = hasShape ? "WHERE shape IS NULL" : "";
  return query<{ n: number }>(file, `SELECT count(*) AS n FROM products ${where}`)[0]?.n;
}

/** Whether a row holds its record by shape yet (false before migration 4 adds the column). */
function anyRewritten(file: string): boolean {
  try {
    return query(file, "SELECT 1 FROM products WHERE shape IS NOT NULL LIMIT 1").length > 0;
  } catch {
    return false;
  }
}

/** Every product the service sent, read back through the store: the same JSON text. */
async function expectAllReadBack(file: string, sent: Product[]): Promise<void> {
  const store = await temp.open(file);
  for (const product of sent) {
    const found = await store.productById(product.id);
    expect(found === null ? null : JSON.stringify(found.product)).toBe(
      product.deleted ? null : JSON.stringify(product),
    );
  }
  expect((await store.counts()).quarantined).toBe(1);
  await store.close();
}

/** The branches the live products' branch prices name, with how many products each, as sent. */
/** The branches the prices name, as a catalog that has no branch list yet gives them. */
function branchesOf(sent: Product[]): BranchCount[] {
  const counts = new Map<string, number>();
  for (const product of sent.filter((item) => !item.deleted)) {
    const entries = (product.prices?.branch_prices ?? []) as { branch: string }[];
    const named = new Set(entries.map((entry) => entry.branch));
    for (const branch of named) counts.set(branch, (counts.get(branch) ?? 0) + 1);
  }
  const sorted = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  expect(sorted.length).toBeGreaterThan(1);
  return sorted.map(([branch, products]) => ({ branch, products, name: null, number: null }));
}

describe("a catalog file written by version 3", () => {
  it("is what migrations 1 to 3 make: the test's stand-in has their schema exactly", async () => {
    const { file } = await version3File(50);
    const fresh = temp.file();
    const db = new Database(fresh);
    migrate(db, fresh, migrations.slice(0, 3));
    db.close();
    const schema = (path: string) =>
      query<{ sql: string }>(path, "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name");
    expect(schema(file)).toEqual(schema(fresh));
    expect(query(file, "PRAGMA user_version")).toEqual([{ user_version: 3 }]);
  });

  it("is rewritten in place by shape: every record reads back as sent, and the file shrinks", async () => {
    const { file, sent } = await version3File(3000);
    const before = statSync(file).size;
    const tombstones = query(file, "SELECT id FROM products WHERE deleted = 1 ORDER BY id");
    expect(shapeless(file)).toBe(sent.length);

    // Up to migration 5 alone: the later ones drop an index (migration 9), whose pages stay free for reuse.
    const db = new Database(file);
    migrate(db, file, migrations.slice(0, 5), () => {});
    db.close();
    expect(shapeless(file)).toBe(0);
    expect(query(file, "SELECT id FROM products WHERE deleted = 1 ORDER BY id")).toEqual(tombstones);
    expect(query(file, "PRAGMA freelist_count")).toEqual([{ freelist_count: 0 }]);
    expect(statSync(file).size).toBeLessThan(before * 0.6);

    await expectAllReadBack(file, sent);
    expect(query(file, "PRAGMA user_version")).toEqual([{ user_version: migrations.length }]);
    const store = await temp.open(file);
    const [first] = sent.filter((product) => !product.deleted && product.barcode);
    expect((await store.lookupCode(first?.barcode ?? ""))?.product.id).toBe(first?.id);
    expect((await store.search(first?.name ?? "", 50)).map((found) => found.id)).toContain(first?.id);
    expect(await store.branches()).toEqual(branchesOf(sent));
  });

  it("finishes the rewrite on the next open when the process doing it is killed midway", async () => {
    // Three batches of the rewrite's 2,000 rows: the kill lands after the first commits, while the
    // others still wait (12,000 rows spent most of the file's CPU making and reading back the file).
    const { file, sent } = await version3File(6_000);
    const child = spawn(process.execPath, [childPath, file], { stdio: "ignore" });
    const exited = once(child, "exit");
    // Killed as soon as the first batch is committed. Each look stops at the first rewritten row,
    // rather than counting them all while the child works.
    while (!anyRewritten(file) && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    child.kill("SIGKILL");
    await exited;
    const left = shapeless(file) ?? 0;
    expect(left, "the migration was over before the kill: give it more rows").toBeGreaterThan(0);
    expect(left).toBeLessThan(sent.length);
    expect(query(file, "PRAGMA user_version")).toEqual([{ user_version: 4 }]);

    await expectAllReadBack(file, sent);
    expect(shapeless(file)).toBe(0);
    expect(query(file, "PRAGMA user_version")).toEqual([{ user_version: migrations.length }]);
  });
});

describe("giving the freed space back", () => {
  function fileWithFreePages(): Database.Database {
    const file = temp.file();
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.exec("CREATE TABLE filler (x BLOB); CREATE TABLE kept (x BLOB)");
    const fill = (table: string, rows: number) =>
      db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
               INSERT INTO ${table} SELECT randomblob(4000) FROM n`);
    fill("filler", 500);
    fill("kept", 50);
    db.exec("DROP TABLE filler");
    db.pragma("wal_checkpoint(TRUNCATE)");
    return db;
  }

  it("is skipped, and said why, when the disk has less free space than the file's size", () => {
    const db = fileWithFreePages();
    const lines: string[] = [];
    reclaimFreeSpace(db, { file: db.name, log: (line) => lines.push(line), freeBytes: () => 1000 });
    expect(db.pragma("freelist_count", { simple: true })).toBeGreaterThan(400);
    expect(lines).toEqual([
      `The catalog ${db.name} now holds its records in a smaller form, but the file itself could not be made smaller: that needs 2 MB free in ${dirname(db.name)}. It works as it is, at its old size.`,
    ]);
    db.close();
  });

  it("vacuums the file when there is room, after which later syncs give free pages back too", () => {
    const db = fileWithFreePages();
    expect(db.pragma("auto_vacuum", { simple: true })).toBe(0);
    const before = statSync(db.name).size;
    const lines: string[] = [];
    reclaimFreeSpace(db, { file: db.name, log: (line) => lines.push(line) });
    expect(db.pragma("freelist_count", { simple: true })).toBe(0);
    // 2: incremental, as a new catalog file is made.
    expect(db.pragma("auto_vacuum", { simple: true })).toBe(2);
    expect(statSync(db.name).size).toBeLessThan(before / 5);
    expect(lines).toEqual([]);
    db.close();
  });
});
