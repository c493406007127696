// Search as a cashier types: whole codes and identifiers first, then names starting with the text,
// then full-text matches (every word of 3+ characters, any order, inside names, ids and barcodes)
// ranked by bm25. Text too short for trigrams falls back to prefixes. Each tier is an indexed query
// with its own limit, so a broad word over a million products never sorts more than FTS5 must.
import { type Kysely, sql } from "kysely";
import type { Product } from "../../shared/api/product.ts";
import { catalogKey } from "../../shared/barcode/gtin.ts";
import { parseRecord, productsByCode } from "./catalog-lookup.ts";
import type { CatalogTables } from "./catalog-tables.ts";
import { searchText } from "./search-text.ts";

const maxLimit = 200;
const defaultLimit = 20;
/** The service's own search takes at most 256 characters; longer text is not a search anyone typed. */
const maxTextLength = 256;
/** Sorts after every character a prefix can be followed by, closing a prefix range. */
const afterEverything = "\u{10FFFF}";

type Db = Kysely<CatalogTables>;
type Tier = (db: Db, query: string, limit: number) => Promise<{ id: string; record: string }[]>;

export async function searchCatalog(db: Db, text: string, limit: number): Promise<Product[]> {
  const typed = text.slice(0, maxTextLength);
  const query = searchText(typed);
  if (query === "") return [];
  const wanted = clampLimit(limit);
  const tiers: Tier[] = [
    (db, _query, limit) => productsByCode(db, catalogKey(typed), limit),
    exactMatch("sku_key"),
    exactMatch("custom_id_key"),
    namePrefix,
    ...(trigramWords(query).length > 0 ? [fullText] : [skuPrefix, customIdPrefix, codePrefix(typed)]),
  ];
  const found = new Map<string, Product>();
  for (const tier of tiers) {
    for (const row of await tier(db, query, wanted - found.size)) {
      if (!found.has(row.id)) found.set(row.id, parseRecord(row.record));
    }
    if (found.size >= wanted) break;
  }
  return [...found.values()];
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return defaultLimit;
  return Math.min(maxLimit, Math.max(1, Math.floor(limit)));
}

/** Trigrams cannot match a word shorter than 3 characters, so those words are left out of MATCH. */
function trigramWords(query: string): string[] {
  return query.split(" ").filter((word) => [...word].length >= 3);
}

/** Each word as an FTS5 string (quotes doubled), so no syntax character or operator word is ever parsed. */
function ftsQuery(query: string): string {
  return trigramWords(query)
    .map((word) => `"${word.replaceAll('"', '""')}"`)
    .join(" ");
}

function live(db: Db) {
  return db.selectFrom("products").select(["id", "record"]).where("deleted", "=", 0);
}

type KeyColumn = "name_key" | "sku_key" | "custom_id_key";

/** One column per query: an OR of two columns would scan the table instead of using both indexes. */
function exactMatch(column: KeyColumn): Tier {
  return (db, query, limit) => live(db).where(column, "=", query).limit(limit).execute();
}

function prefixTier(column: KeyColumn): Tier {
  return (db, query, limit) =>
    live(db)
      .where(column, ">=", query)
      .where(column, "<", query + afterEverything)
      .orderBy(column)
      .limit(limit)
      .execute();
}

const namePrefix = prefixTier("name_key");
const skuPrefix = prefixTier("sku_key");
const customIdPrefix = prefixTier("custom_id_key");

/** Codes are stored as typed (trimmed), not in search form, so the prefix is the typed text. */
function codePrefix(typed: string): Tier {
  const prefix = typed.trim();
  return (db, _query, limit) =>
    db
      .selectFrom("product_codes as c")
      .innerJoin("products as p", "p.seq", "c.product")
      .select(["p.id", "p.record"])
      .where("c.code", ">=", prefix)
      .where("c.code", "<", prefix + afterEverything)
      .where("p.deleted", "=", 0)
      .orderBy("c.code")
      .limit(limit)
      .execute();
}

const fullText: Tier = (db, query, limit) =>
  db
    .selectFrom(
      db
        .selectFrom("product_text")
        .select("rowid")
        .where(sql<boolean>`product_text MATCH ${ftsQuery(query)}`)
        // A hit in an id or a barcode says more than the same hit somewhere in a long name.
        .orderBy(sql`bm25(product_text, 1.0, 4.0, 4.0)`)
        .limit(limit)
        .as("hit"),
    )
    .innerJoin("products as p", "p.seq", "hit.rowid")
    .select(["p.id", "p.record"])
    .where("p.deleted", "=", 0)
    .execute();
