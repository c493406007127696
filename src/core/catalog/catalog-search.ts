// Search as a cashier types: whole codes and identifiers first, then names starting with the text,
// then full-text matches (every word of 3+ characters, any order, inside names, ids and barcodes)
// ranked over a bounded set of candidates, then the same words found in the brand, keywords and tags
// too or typed wrong and forgiven (forgiven-search.ts). Text too short for trigrams falls back to
// prefixes. Each tier only adds below the ones before it, so an exact match never moves down.
// Each tier is an indexed query with its own limit, prepared once for the connection's life, so a
// broad word over a million products never ranks more than a few hundred rows.
import type { Database } from "better-sqlite3";
import { catalogKey } from "../../shared/barcode/gtin.ts";
import type { SearchHit } from "../../shared/catalog/search-hit.ts";
import { searchText } from "../../shared/catalog/search-text.ts";
import type { CatalogLookup, DecodeRecord, FoundRow } from "./catalog-lookup.ts";
import { forgivenSearch } from "./forgiven-search.ts";
import { ftsPhrase } from "./fts-phrase.ts";

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

type Tier = (query: string, typed: string, limit: number) => Hit[];

export type CatalogSearch = (text: string, limit: number) => SearchHit[];

export interface SearchOptions {
  /**
   * false: the tiers of the search before it forgave typos and read brands (catalog version 6), the
   * baseline the recall test compares today's answers with. Default true.
   */
  forgiving?: boolean;
}

export function catalogSearch(
  db: Database,
  lookup: CatalogLookup,
  decode: DecodeRecord,
  { forgiving = true }: SearchOptions = {},
): CatalogSearch {
  const tiers = prepareTiers(db, lookup, forgiving);
  return (text, limit) => {
    const typed = text.slice(0, maxTextLength);
    const query = searchText(typed);
    if (query === "") return [];
    const wanted = clampLimit(limit);
    const found = new Map<string, SearchHit>();
    const steps = trigramWords(query).length > 0 ? tiers.withFullText : tiers.withPrefixes;
    for (const tier of steps) {
      for (const hit of tier(query, typed, wanted - found.size)) {
        if (!found.has(hit.id)) found.set(hit.id, { ...decode(hit), typos: hit.typos, found: hit.found });
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
  return trigramWords(query).map(ftsPhrase).join(" ");
}

type KeyColumn = "name_key" | "sku_key" | "custom_id_key";
type Row = Pick<FoundRow, "id" | "shape" | "record">;
type Hit = Row & { typos: number; found: string[] };

/** Rows matched as typed. */
const exactly = (rows: Row[]): Hit[] => rows.map((row) => ({ ...row, typos: 0, found: [] }));

function prepareTiers(db: Database, lookup: CatalogLookup, forgiving: boolean) {
  /** One column per query: an OR of two columns would scan the table instead of using both indexes. */
  const exact = (column: KeyColumn): Tier => {
    const statement = db.prepare<[string, number], Row>(
      `SELECT id, shape, record FROM products WHERE ${column} = ? AND deleted = 0 LIMIT ?`,
    );
    return (query, _typed, limit) => exactly(statement.all(query, limit));
  };
  const prefix = (column: KeyColumn): Tier => {
    const statement = db.prepare<[string, string, number], Row>(
      `SELECT id, shape, record FROM products WHERE ${column} >= ? AND ${column} < ? AND deleted = 0 ORDER BY ${column} LIMIT ?`,
    );
    return (query, _typed, limit) => exactly(statement.all(query, query + afterEverything, limit));
  };
  // Codes are stored as typed (trimmed), not in search form, so the prefix is the typed text.
  const codePrefixStatement = db.prepare<[string, string, number], Row>(`
    SELECT p.id, p.shape, p.record FROM product_codes c JOIN products p ON p.seq = c.product
    WHERE c.code >= ? AND c.code < ? AND p.deleted = 0 ORDER BY c.code LIMIT ?`);
  const codePrefix: Tier = (_query, typed, limit) => {
    const code = typed.trim();
    return exactly(codePrefixStatement.all(code, code + afterEverything, limit));
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
  // In names, ids and codes only, as before the brand, keywords and tags were searched too.
  const asTyped: Tier = (query, _typed, limit) => {
    const longest = trigramWords(query).reduce((a, b) => (b.length > a.length ? b : a), "");
    return exactly(
      fullTextStatement.all({
        match: `{name ids codes} : (${ftsQuery(query)})`,
        candidates: rankedCandidates,
        word: longest,
        limit,
      }),
    );
  };
  const forgiven = forgivenSearch(db, rankedCandidates);
  const forgivenText: Tier = (query, typed, limit) => {
    // A search ending in a space has its last word typed whole; one of 1-2 letters is never matched.
    const typing = !/\s$/u.test(typed) && [...(query.split(" ").at(-1) ?? "")].length >= 3;
    return forgiven(query, trigramWords(query), typing, limit);
  };
  const wholeCode: Tier = (_query, typed, limit) => exactly(lookup.productsByCode(catalogKey(typed), limit));
  const first = [wholeCode, exact("sku_key"), exact("custom_id_key"), prefix("name_key")];
  return {
    withFullText: forgiving ? [...first, asTyped, forgivenText] : [...first, asTyped],
    withPrefixes: [...first, prefix("sku_key"), prefix("custom_id_key"), codePrefix],
  };
}
