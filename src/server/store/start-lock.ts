// Nodes starting at once on one database take turns at what a start writes (the schema, the signing key,
// the demo accounts), so each is done once and the others find it done. On PostgreSQL: a session-level
// advisory lock held on one connection of the pool for the while. A SQLite file is one machine's, opened
// by one service at a time: nothing to wait for.
import { sql } from "kysely";
import { dialectOf, type ServiceDatabase } from "./database.ts";

/** Any fixed 64-bit number; kysely's Migrator uses another for its own lock. */
const startLockKey = 4_802_202_611_290n;

export async function withStartLock<T>(db: ServiceDatabase, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== "postgres") return work();
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(startLockKey)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${sql.lit(startLockKey)})`.execute(connection);
    }
  });
}
