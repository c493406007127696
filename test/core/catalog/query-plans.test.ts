// Every statement the catalog prepares, planned by SQLite: none may walk every product unless it is
// one of the few that must (named below, each with why). A read that walks them all costs nothing
// in a test's small catalog and blocks scans for tens of milliseconds in a shop's large one, so the
// plan is checked rather than the time. SQLite plans without statistics (the catalog runs no
// ANALYZE), so a small file gets the same plans as a file of a million products.
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deletedPage, livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();
afterEach(() => vi.restoreAllMocks());

/** The statements that read every live product by design, by a part of their SQL. */
const wholeCatalog: { sql: string; why: string }[] = [
  { sql: "SELECT count(*) FROM products WHERE deleted = 0", why: "the status's count of products" },
  {
    sql: "SELECT count(*) FROM products WHERE deleted = 0 AND active = 0",
    why: "the status's count of inactive products, from an index holding only them",
  },
  { sql: "SELECT shape, record FROM products WHERE deleted = 0", why: "the branches each product prices" },
  { sql: "type <> 'variant_product' ORDER BY name_key", why: "shelf labels for every product, by name" },
];

/** Each plan line that walks the products table (under any alias), with the statement it belongs to. */
function productWalks(file: string, statements: Iterable<string>): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const walks: string[] = [];
    for (const sql of statements) {
      if (wholeCatalog.some((known) => sql.includes(known.sql))) continue;
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...nullParameters(sql))
        .map((row) => (row as { detail: string }).detail);
      const aliases = productAliases(sql);
      for (const line of plan) {
        const scanned = /^SCAN (\S+)/.exec(line)?.[1];
        if (scanned !== undefined && aliases.has(scanned))
          walks.push(`${line}  <-  ${sql.replace(/\s+/g, " ").trim()}`);
      }
    }
    return walks;
  } finally {
    db.close();
  }
}

/** A null for each of the statement's parameters: a plan does not depend on their values. */
function nullParameters(sql: string): unknown[] {
  const positional: unknown[] = Array.from(sql.match(/\?/g) ?? [], () => null);
  const named = new Set(Array.from(sql.matchAll(/[:@$]([A-Za-z_]\w*)/g), (match) => match[1] as string));
  return named.size === 0
    ? positional
    : [...positional, Object.fromEntries([...named].map((name) => [name, null]))];
}

/** "products" and whatever the statement calls it ("products p", "products AS p"). */
function productAliases(sql: string): Set<string> {
  const aliases = new Set(["products"]);
  for (const match of sql.matchAll(/\bproducts\s+(?:AS\s+)?([a-z_]\w*)/gi)) {
    const alias = match[1] as string;
    if (!/^(WHERE|ON|JOIN|SET|ORDER|GROUP|LIMIT|USING|INNER|LEFT|CROSS|VALUES|WITH)$/i.test(alias))
      aliases.add(alias);
  }
  return aliases;
}

describe("the catalog's query plans", () => {
  it("walk every product only in the statements that must", async () => {
    const file = temp.file();
    // Made and migrated first: a migration's statements are planned against the schema of its day.
    await (await temp.open(file)).close();
    const prepared = new Set<string>();
    const prepare = Database.prototype.prepare;
    const recording = vi.spyOn(Database.prototype, "prepare").mockImplementation(function (
      this: Database.Database,
      sql: string,
    ) {
      prepared.add(sql);
      return prepare.call(this, sql);
    } as typeof prepare);
    const store = await temp.open(file);
    const variant = product({ id: "v", name: "Milch 1 l", type: "variant_product", parent: "m" });
    const broken = product({ id: "b", name: "Brot" });
    await store.applyPage({
      ...livePage([
        product({ id: "m", name: "Milch", barcode: "4000000000017", sku: "M1", product_group: "g" }),
        variant,
        product({ id: "q", name: "Quark", active: false }),
      ]),
      received: [{ product: broken, raw: { ...broken, sku: 5 }, unusable: ["sku: a number"] }],
    });
    await store.applyPage(deletedPage([product({ id: "q", name: "Quark" }, 2_000)]));
    await store.noteLabelChanges([livePage([product({ id: "m", name: "Milch frisch" }, 3_000)])], false);
    await store.finishFullSync({ generation: 1, syncState: { page: 1 } });
    await store.recountGroups();

    await store.lookupCode("4000000000017");
    await store.lookupIdentifier("M1");
    await store.productById("m");
    await store.productsByIds(["m", "v"]);
    await store.search("milch", 20);
    await store.search("mlich", 20);
    await store.search("4000", 20);
    await store.branches();
    await store.branchInfo("w");
    await store.counts();
    await store.unusableParts();
    await store.countSeen(1);
    await store.readSyncState();
    await store.references.lists();
    await store.references.groupsAndTaxes();
    await store.references.all("taxes");
    await store.references.byId("product_groups", "g");
    await store.references.withUnusableParts();
    await store.references.groupPage("g", null, 20);
    await store.references.groupCounts();
    await store.references.groupSize("g");
    await store.readShelf((shelf) => [shelf.candidates("w"), shelf.seen(["m"]), shelf.liveIds()]);
    await store.giveBackFreePages();

    recording.mockRestore();
    // Enough was read for the check to mean something: lookups, search, status and the groups.
    expect(prepared.size).toBeGreaterThan(30);
    expect(productWalks(file, prepared)).toEqual([]);
    // And each exception is still in use: one that is not would let a new statement through unseen.
    const unused = wholeCatalog.filter((known) => ![...prepared].some((sql) => sql.includes(known.sql)));
    expect(unused).toEqual([]);
  });

  it("finds a statement that walks every product", async () => {
    const file = temp.file();
    const store = await temp.open(file);
    await store.applyPage(livePage([product({ id: "a" })]));
    const planted =
      "SELECT count(*) FROM unusable_parts u JOIN products p ON p.id = u.product_id AND p.deleted = 0";
    expect(productWalks(file, [planted])).toEqual([`SCAN p USING INDEX products_generation  <-  ${planted}`]);
  });
});
