// Answering a scanned or typed code from the read connection: the product, and its variant family.
// Codes first; a typed SKU or custom id (exact, in search form, so case does not matter) after them. A scan is
// the hottest path of the till, so its statements are prepared once for the connection's life:
// building and preparing them per call cost ten times the query itself (`npm run bench`).
import type { Database } from "better-sqlite3";
import type { Product } from "../../shared/api/product.ts";
import { catalogKey } from "../../shared/barcode/gtin.ts";
import type { MatchedField, StoredFamily, StoredMatch } from "../../shared/catalog/lookup-answer.ts";
import { searchText } from "../../shared/catalog/search-text.ts";
import { compareBinaryText } from "./binary-text-order.ts";
import type { IdentifiedRecord } from "./stored-records.ts";

/** A live product as the read queries return it. */
export interface FoundRow extends IdentifiedRecord {
  id: string;
  parent: string | null;
}

/** A live product with what ranks it among others scanned by the same code. */
interface RankedRow extends FoundRow {
  active: number;
  updatedAt: number;
}

/** An active product before an inactive one, then the most recently updated (a stable sort keeps ties in code order). */
function bestFirst(a: RankedRow, b: RankedRow): number {
  return b.active - a.active || b.updatedAt - a.updatedAt;
}

/** Variants in name order, as the options matrix shows them; ties by id. */
function byNameThenId(a: { nameKey: string; id: string }, b: { nameKey: string; id: string }): number {
  return compareBinaryText(a.nameKey, b.nameKey) || compareBinaryText(a.id, b.id);
}

/** A stored record as the product it is (stored-records.ts). */
export type DecodeRecord = (row: IdentifiedRecord) => Product;

export interface CatalogLookup {
  lookupCode(code: string): StoredMatch | null;
  /** A product whose SKU, else whose custom id, is the typed text (case and accents aside). */
  lookupIdentifier(text: string): StoredMatch | null;
  /** A live product by its id, with its variant family; null when the catalog does not hold it. */
  productById(id: string): StoredFamily | null;
  /** The live products among these ids, alone (no family): what a product names beside itself. */
  productsByIds(ids: readonly string[]): Product[];
  /**
   * Live products a code (already a catalogKey) names, best first: an active one before an inactive
   * one, then the most recently updated. A code from a parent's children summary names the child, or
   * the parent itself when we do not hold that child.
   */
  productsByCode(key: string, limit: number): FoundRow[];
}

export function catalogLookup(db: Database, decode: DecodeRecord): CatalogLookup {
  // A code's rows, then each product by its row number: two short statements cost a third of what
  // one statement joining product_codes to products cost (CPU at 1M, docs/benchmarks.md, issue 52).
  const codeRows = db.prepare<[string], { product: number; variant: string | null }>(
    "SELECT product, variant_id AS variant FROM product_codes WHERE code = ?",
  );
  // Deleted or not: a code naming a child we hold deleted names nothing, never the parent.
  const seqOfId = db.prepare<[string], number>("SELECT seq FROM products WHERE id = ?").pluck();
  const liveBySeq = db.prepare<[number], RankedRow>(
    "SELECT id, parent, shape, record, active, updated_at AS updatedAt FROM products WHERE seq = ? AND deleted = 0",
  );
  const liveById = db.prepare<[string], FoundRow>(
    "SELECT id, parent, shape, record FROM products WHERE id = ? AND deleted = 0",
  );
  // Answered from the partial index on parent: a product without variants costs one index probe.
  // Sorted here: SQLite's ORDER BY carried the records through a temporary B-tree, which cost more
  // than reading them (a family of 12 variants at 1M, issue 52).
  const liveVariants = db.prepare<[string], FoundRow & { nameKey: string }>(
    "SELECT id, parent, shape, record, name_key AS nameKey FROM products WHERE parent = ? AND deleted = 0 AND parent IS NOT NULL",
  );

  const byIdentifier = {
    sku: db.prepare<[string], FoundRow>(
      "SELECT id, parent, shape, record FROM products WHERE sku_key = ? AND deleted = 0 ORDER BY active DESC, updated_at DESC LIMIT 1",
    ),
    "custom-id": db.prepare<[string], FoundRow>(
      "SELECT id, parent, shape, record FROM products WHERE custom_id_key = ? AND deleted = 0 ORDER BY active DESC, updated_at DESC LIMIT 1",
    ),
  };

  function productsByCode(key: string, limit: number): FoundRow[] {
    if (key === "") return [];
    const found: RankedRow[] = [];
    // A variant's code is often listed twice, by the variant and by its parent's summary: read once.
    const read = new Map<number, RankedRow | undefined>();
    for (const { product, variant } of codeRows.all(key)) {
      const seq = variant === null ? product : (seqOfId.get(variant) ?? product);
      if (!read.has(seq)) read.set(seq, liveBySeq.get(seq));
      const row = read.get(seq);
      if (row !== undefined) found.push(row);
    }
    return found
      .sort(bestFirst)
      .slice(0, limit)
      .map(({ id, parent, shape, record }) => ({ id, parent, shape, record }));
  }

  function family(match: FoundRow): StoredFamily {
    const parentRow = match.parent === null ? undefined : liveById.get(match.parent);
    const product = decode(match);
    return {
      product,
      parent: parentRow === undefined ? null : decode(parentRow),
      // A scanned variant is one of its family's variants too: decoded once, for both places.
      variants: liveVariants
        .all(match.parent ?? match.id)
        .sort(byNameThenId)
        .map((row) => (row.id === match.id ? product : decode(row))),
    };
  }

  function withFamily(match: FoundRow, matchedBy: MatchedField): StoredMatch {
    return { ...family(match), matchedBy };
  }

  return {
    productsByCode,
    lookupCode(code) {
      const [match] = productsByCode(catalogKey(code), 1);
      return match === undefined ? null : withFamily(match, "code");
    },
    lookupIdentifier(text) {
      const key = searchText(text);
      if (key === "") return null;
      for (const field of ["sku", "custom-id"] as const) {
        const match = byIdentifier[field].get(key);
        if (match !== undefined) return withFamily(match, field);
      }
      return null;
    },
    productById(id) {
      const row = liveById.get(id);
      return row === undefined ? null : family(row);
    },
    productsByIds(ids) {
      return ids.map((id) => liveById.get(id)).flatMap((row) => (row === undefined ? [] : [decode(row)]));
    },
  };
}
