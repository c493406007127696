// One account's writes take turns, as they do on SQLite, whose one connection runs one transaction at a
// time: a write reads what it changes (the product it merges into, the barcodes it must not share) and
// must not interleave with another write of the account. On PostgreSQL, where transactions of other
// connections run beside it, a transaction-scoped advisory lock per account, taken first thing in the
// transaction and released by its commit or rollback.
import { sql } from "kysely";
import { dialectOf, type ServiceDatabase } from "./database.ts";

export async function lockAccountWrites(trx: ServiceDatabase, accountId: string): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${accountId}))`.execute(trx);
}
