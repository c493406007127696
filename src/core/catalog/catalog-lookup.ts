// Answering a scanned code from the read connection: the product, and its variant family.
import { type Kysely, sql } from "kysely";
import type { Product } from "../../shared/api/product.ts";
import { catalogKey } from "../../shared/barcode/gtin.ts";
import type { LookupMatch } from "../../shared/catalog/lookup-answer.ts";
import type { CatalogTables } from "./catalog-tables.ts";

export async function lookupCode(db: Kysely<CatalogTables>, code: string): Promise<LookupMatch | null> {
  const [match] = await productsByCode(db, catalogKey(code), 1);
  if (match === undefined) return null;
  const product = parseRecord(match.record);
  const familyId = match.parent ?? match.id;
  const [parent, variants] = await Promise.all([
    match.parent === null ? null : liveProduct(db, match.parent),
    liveVariants(db, familyId),
  ]);
  return { product, parent, variants };
}

/**
 * Live products a code (already a catalogKey) names, best first: an active one before an inactive
 * one, then the most recently updated. A code from a parent's children summary names the child, or
 * the parent itself when we do not hold that child.
 */
export async function productsByCode(db: Kysely<CatalogTables>, key: string, limit: number) {
  if (key === "") return [];
  return db
    .selectFrom("product_codes as c")
    .leftJoin("products as v", "v.id", "c.variant_id")
    .innerJoin("products as p", (join) =>
      join.on(sql`p.seq`, "=", sql`CASE WHEN v.seq IS NULL THEN c.product ELSE v.seq END`),
    )
    .where("c.code", "=", key)
    .where("p.deleted", "=", 0)
    .select(["p.id", "p.parent", "p.record"])
    .orderBy("p.active", "desc")
    .orderBy("p.updated_at", "desc")
    .limit(limit)
    .execute();
}

async function liveProduct(db: Kysely<CatalogTables>, id: string): Promise<Product | null> {
  const row = await db
    .selectFrom("products")
    .select("record")
    .where("id", "=", id)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  return row === undefined ? null : parseRecord(row.record);
}

async function liveVariants(db: Kysely<CatalogTables>, parentId: string): Promise<Product[]> {
  const rows = await db
    .selectFrom("products")
    .select("record")
    .where("parent", "=", parentId)
    .where("deleted", "=", 0)
    .orderBy("name_key")
    .orderBy("id")
    .execute();
  return rows.map((row) => parseRecord(row.record));
}

/** Records were validated against the product schema before they were stored. */
export function parseRecord(record: string): Product {
  return JSON.parse(record) as Product;
}
