// Search as a cashier types: whole codes and identifiers first, then names starting with the text,
// then full-text matches (every word of 3+ characters, any order, inside names, ids and barcodes)
// ranked over a bounded set of candidates. Text too short for trigrams falls back to prefixes.
// Each tier is an indexed query with its own limit, prepared once for the connection's life, so a
// broad word over a million products never ranks more than a few hundred rows.
import type { Database } from "better-sqlite3";
import type { Product } from "../../shared/api/product.ts";
import { catalogKey } from "../../shared/barcode/gtin.ts";
import { searchText } from "../../shared/catalog/search-text.ts";
import type { CatalogLookup, DecodeRecord, FoundRow } from "./catalog-lookup.ts";

const maxLimit = 200;
const defaultLimit = 20;
/** The service's own search takes at most 256 characters; longer text is not a search anyone typed. */
const maxTextLength = 256;
/** Sorts after every character a prefix can be followed by, closing a prefix range. */
const afterEverything = "\u{10FFFF}";
/**
 * Full-text matches ranked per search at most. A broad word ("bio") matches a tenth of a large
 * catalog; ranking all of it cost 90 ms at a million products (`npm run bench`).
 */
const rankedCandidates = 200;

type Tier = (query: string, typed: string, limit: number) => Row[];

export type CatalogSearch = (text: string, limit: number) => Product[];

export function catalogSearch(db: Database, lookup: CatalogLookup, decode: DecodeRecord): CatalogSearch {
  const tiers = prepareTiers(db, lookup);
  return (text, limit) => {
    const typed = text.slice(0, maxTextLength);
    const query = searchText(typed);
    if (query === "") return [];
    const wanted = clampLimit(limit);
    const found = new Map<string, Product>();
    const steps = trigramWords(query).length > 0 ? tiers.withFullText : tiers.withPrefixes;
    for (const tier of steps) {
      for (const row of tier(query, typed, wanted - found.size)) {
        if (!found.has(row.id)) found.set(row.id, decode(row));
      }
      if (found.size >= wanted) break;
    }
    return [...found.values()];
  };
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

type KeyColumn = "name_key" | "sku_key" | "custom_id_key";
type Row = Pick<FoundRow, "id" | "shape" | "record">;

function prepareTiers(db: Database, lookup: CatalogLookup) {
  /** One column per query: an OR of two columns would scan the table instead of using both indexes. */
  const exact = (column: KeyColumn): Tier => {
    const statement = db.prepare<[string, number], Row>(
      `SELECT id, shape, record FROM products WHERE ${column} = ? AND deleted = 0 LIMIT ?`,
    );
    return (query, _typed, limit) => statement.all(query, limit);
  };
  const prefix = (column: KeyColumn): Tier => {
    const statement = db.prepare<[string, string, number], Row>(
      `SELECT id, shape, record FROM products WHERE ${column} >= ? AND ${column} < ? AND deleted = 0 ORDER BY ${column} LIMIT ?`,
    );
    return (query, _typed, limit) => statement.all(query, query + afterEverything, limit);
  };
  // Codes are stored as typed (trimmed), not in search form, so the prefix is the typed text.
  const codePrefixStatement = db.prepare<[string, string, number], Row>(`
    SELECT p.id, p.shape, p.record FROM product_codes c JOIN products p ON p.seq = c.product
    WHERE c.code >= ? AND c.code < ? AND p.deleted = 0 ORDER BY c.code LIMIT ?`);
  const codePrefix: Tier = (_query, typed, limit) => {
    const code = typed.trim();
    return codePrefixStatement.all(code, code + afterEverything, limit);
  };
  // The first candidates in rowid order (the inner LIMIT without ORDER BY stops FTS5 there), then
  // ranked: a hit in a SKU, custom id or barcode first, then shorter names. bm25 would count every
  // match of every word in the whole index first: 200 ms for a long name at a million products.
  const fullTextStatement = db.prepare<
    [{ match: string; candidates: number; word: string; limit: number }],
    Row
  >(`
    SELECT p.id, p.shape, p.record
    FROM (SELECT rowid FROM product_text WHERE product_text MATCH @match LIMIT @candidates) hit
    JOIN products p ON p.seq = hit.rowid
    WHERE p.deleted = 0
    ORDER BY
      instr(coalesce(p.sku_key, ''), @word) > 0 OR instr(coalesce(p.custom_id_key, ''), @word) > 0
        OR EXISTS (SELECT 1 FROM product_codes c WHERE c.product = p.seq AND instr(c.code, @word) > 0) DESC,
      length(p.name_key),
      p.seq
    LIMIT @limit`);
  const fullText: Tier = (query, _typed, limit) => {
    const longest = trigramWords(query).reduce((a, b) => (b.length > a.length ? b : a), "");
    return fullTextStatement.all({
      match: ftsQuery(query),
      candidates: rankedCandidates,
      word: longest,
      limit,
    });
  };
  const wholeCode: Tier = (_query, typed, limit) => lookup.productsByCode(catalogKey(typed), limit);
  const first = [wholeCode, exact("sku_key"), exact("custom_id_key"), prefix("name_key")];
  return {
    withFullText: [...first, fullText],
    withPrefixes: [...first, prefix("sku_key"), prefix("custom_id_key"), codePrefix],
  };
}
