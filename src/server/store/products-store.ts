// Products as stored: the wire JSON text plus the columns lists filter and sort on, and one row per code.
import { type Insertable, sql } from "kysely";
import type { CursorField } from "../../shared/api/pagination.ts";
import type { Product } from "../../shared/api/product.ts";
import { productCodes } from "../../shared/api/product-codes.ts";
import type { PageEdge } from "../http/pagination.ts";
import type { ProductFilters } from "../http/product-filters.ts";
import { dialectOf, type ProductsTable, type ServiceDatabase } from "./database.ts";

/** One page of products, as the database joined it. */
export interface StoredPage {
  count: number;
  /** The page's records' JSON joined by commas, in pieces to be written one after another. */
  parts: readonly Buffer[];
  /** The page's last record, where the next page of the walk starts after. */
  last: { id: string; updated_at: number; created_at: number } | null;
}

// SQLite caps the number of bound values per statement; 9 columns x 500 rows stays well under it.
const rowsPerInsert = 500;

function productRow(accountId: string, record: Product): Insertable<ProductsTable> {
  return {
    id: record.id,
    account_id: accountId,
    deleted: record.deleted ? 1 : 0,
    active: record.active ? 1 : 0,
    type: record.type,
    product_group: record.product_group ?? null,
    created_at: record.created_at.unix,
    updated_at: record.updated_at.unix,
    body: JSON.stringify(record),
  };
}

function codeRows(accountId: string, record: Product) {
  return [...new Set(productCodes(record))].map((code) => ({
    product_id: record.id,
    account_id: accountId,
    code,
  }));
}

/** Inserts many products; run it inside a transaction when inserting more than a few. */
export async function insertProducts(
  db: ServiceDatabase,
  accountId: string,
  records: Product[],
): Promise<void> {
  for (let start = 0; start < records.length; start += rowsPerInsert) {
    const chunk = records.slice(start, start + rowsPerInsert);
    await db
      .insertInto("products")
      .values(chunk.map((record) => productRow(accountId, record)))
      .execute();
    const codes = chunk.flatMap((record) => codeRows(accountId, record));
    for (let codeStart = 0; codeStart < codes.length; codeStart += rowsPerInsert) {
      await db
        .insertInto("product_codes")
        .values(codes.slice(codeStart, codeStart + rowsPerInsert))
        .execute();
    }
  }
}

export async function replaceProduct(db: ServiceDatabase, accountId: string, record: Product): Promise<void> {
  const { id, ...columns } = productRow(accountId, record);
  await db.updateTable("products").set(columns).where("id", "=", id).execute();
  await db.deleteFrom("product_codes").where("product_id", "=", id).execute();
  const codes = codeRows(accountId, record);
  if (codes.length > 0) await db.insertInto("product_codes").values(codes).execute();
}

export async function findProductBody(
  db: ServiceDatabase,
  accountId: string,
  id: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("products")
    .select("body")
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.body;
}

function filteredProducts(db: ServiceDatabase, accountId: string, filters: ProductFilters) {
  let query = db
    .selectFrom("products")
    .where("account_id", "=", accountId)
    .where("deleted", "=", filters.deleted ? 1 : 0);
  if (filters.active !== undefined) query = query.where("active", "=", filters.active ? 1 : 0);
  if (filters.types !== undefined) query = query.where("type", "in", filters.types);
  if (filters.productGroup !== undefined) query = query.where("product_group", "=", filters.productGroup);
  const barcode = filters.barcode;
  if (barcode !== undefined) {
    query = query.where("id", "in", (eb) =>
      eb
        .selectFrom("product_codes")
        .select("product_id")
        .where("product_codes.account_id", "=", accountId)
        .where("code", "=", barcode),
    );
  }
  return query;
}

export interface PageQuery {
  cursorField: CursorField;
  firstMs: number | null;
  /** Either skip `offset` rows, or start after the item `after` (in cursor field, id order). */
  offset: number;
  after?: PageEdge;
  limit: number;
}

/**
 * One page in (cursor field, id) order, as its records' JSON joined by commas. The database joins the
 * page itself: one row and one buffer to the service instead of a thousand rows (on SQLite half the
 * time of the query, on PostgreSQL more). The rows are joined in the order the inner ORDER BY and LIMIT
 * give them (an ORDER BY inside the aggregate would sort the page a second time), and the last row's
 * columns come beside, for the page's edge.
 */
export async function listProducts(
  db: ServiceDatabase,
  accountId: string,
  filters: ProductFilters,
  page: PageQuery,
): Promise<StoredPage> {
  const { cursorField } = page;
  let rows = filteredProducts(db, accountId, filters);
  if (page.firstMs !== null) rows = rows.where(cursorField, ">=", page.firstMs);
  const after = page.after;
  if (after !== undefined) {
    rows = rows.where((eb) => eb(eb.refTuple(cursorField, "id"), ">", eb.tuple(after.cursorMs, after.id)));
  }
  const ordered = rows
    .select(["id", "body", "updated_at", "created_at"])
    .orderBy(cursorField)
    .orderBy("id")
    .limit(page.limit)
    .offset(page.offset)
    .as("page");
  const joined =
    dialectOf(db) === "postgres"
      ? db.selectFrom(ordered).select([
          sql<number>`count(*)`.as("count"),
          // As base64: node-postgres turns every value into a string first. An ASCII string is the
          // cheapest to make and base64 the cheapest to turn back into bytes; as bytea the node decoded
          // hex twice the page's size, and text would be decoded from UTF-8 and encoded back.
          sql<string>`encode(convert_to(string_agg(body, ','), 'UTF8'), 'base64')`.as("bodies"),
          // The last elements of arrays aggregated in the same order.
          sql<string>`(array_agg(id))[count(*)]`.as("id"),
          sql<number>`(array_agg(updated_at))[count(*)]`.as("updated_at"),
          sql<number>`(array_agg(created_at))[count(*)]`.as("created_at"),
        ])
      : db.selectFrom(ordered).select([
          sql<number>`count(*)`.as("count"),
          // Bytes: never decoded into a JavaScript string and encoded back.
          sql<Buffer>`CAST(group_concat(body, ',') AS BLOB)`.as("bodies"),
          // SQLite's bare columns come from the row that gave max(): the last in (cursor, id) order.
          sql<string>`max(format('%016d%s', ${sql.ref(cursorField)}, id))`.as("edge"),
          "id",
          "updated_at",
          "created_at",
        ]);
  const row = await joined.executeTakeFirstOrThrow();
  if (row.count === 0) return { count: 0, parts: [], last: null };
  const bodies = typeof row.bodies === "string" ? Buffer.from(row.bodies, "base64") : row.bodies;
  return { count: row.count, parts: [bodies], last: edgeColumns(row) };
}

function edgeColumns({ id, updated_at, created_at }: NonNullable<StoredPage["last"]>) {
  return { id, updated_at, created_at };
}

export async function countProducts(db: ServiceDatabase, accountId: string, filters: ProductFilters) {
  const row = await filteredProducts(db, accountId, filters)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Live products other than `exceptId` that already carry one of `codes`. */
export function findCodeOwners(
  db: ServiceDatabase,
  accountId: string,
  codes: string[],
  exceptId: string,
): Promise<{ id: string; code: string }[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_codes")
    .innerJoin("products", "products.id", "product_codes.product_id")
    .select(["products.id as id", "product_codes.code as code"])
    .where("product_codes.account_id", "=", accountId)
    .where("product_codes.code", "in", codes)
    .where("products.deleted", "=", 0)
    .where("products.id", "!=", exceptId)
    .execute();
}

/** The latest write instant in the database, so a restarted service keeps writes strictly ordered. */
export async function lastWriteMs(db: ServiceDatabase): Promise<number> {
  const products = await db
    .selectFrom("products")
    .select((eb) => eb.fn.max("updated_at").as("last"))
    .executeTakeFirst();
  const users = await db
    .selectFrom("sub_users")
    .select((eb) => eb.fn.max("updated_at").as("last"))
    .executeTakeFirst();
  const favourites = await db
    .selectFrom("favourites")
    .select((eb) => eb.fn.max("updated_at").as("last"))
    .executeTakeFirst();
  return Math.max(Number(products?.last ?? 0), Number(users?.last ?? 0), Number(favourites?.last ?? 0));
}
