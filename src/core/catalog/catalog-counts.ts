// What the status screen shows about the catalog's contents.
import type { Kysely } from "kysely";
import type { CatalogTables } from "./catalog-tables.ts";

export async function catalogCounts(
  db: Kysely<CatalogTables>,
): Promise<{ products: number; inactive: number; quarantined: number }> {
  // Both counts are answered from the partial index on active: tombstones are not in it.
  const products = await db
    .selectFrom("products")
    .where("deleted", "=", 0)
    .select((eb) => [
      eb.fn.countAll<number>().as("products"),
      eb.fn.countAll<number>().filterWhere("active", "=", 0).as("inactive"),
    ])
    .executeTakeFirstOrThrow();
  const quarantine = await db
    .selectFrom("quarantine")
    .select((eb) => eb.fn.countAll<number>().as("quarantined"))
    .executeTakeFirstOrThrow();
  return { products: products.products, inactive: products.inactive, quarantined: quarantine.quarantined };
}
