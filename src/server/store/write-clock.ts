// Every write takes its instant from one row of the database, inside the writing transaction: strictly
// after the previous write's even when a node's clock stands still or steps back, and in commit order
// across every node sharing the database. The row stays locked (PostgreSQL) or the database stays
// write-locked (SQLite) until the transaction ends, so no write can take a later instant and commit
// before one holding an earlier instant: a reader that has seen instant T has seen every write up to T,
// and whatever commits after its read sorts after T (docs/sync.md).
import { sql } from "kysely";
import type { ServiceDatabase } from "./database.ts";

export interface WriteClock {
  /** Epoch milliseconds for a write; `trx` must be the transaction making that write. */
  next(trx: ServiceDatabase): Promise<number>;
  /** Writes made around the clock (the demo catalog's seeding) went up to `ms`: later ones follow it. */
  passed(db: ServiceDatabase, ms: number): Promise<void>;
  /** The last instant handed out and committed: changes whenever any node commits a write. */
  last(db: ServiceDatabase): Promise<number>;
}

export function createWriteClock(clock: () => number): WriteClock {
  return {
    async next(trx) {
      const now = clock();
      const row = await trx
        .updateTable("write_clock")
        .set({
          last: sql<number>`CASE WHEN last + 1 > CAST(${now} AS BIGINT) THEN last + 1 ELSE CAST(${now} AS BIGINT) END`,
        })
        .where("id", "=", 1)
        .returning("last")
        .executeTakeFirstOrThrow();
      return Number(row.last);
    },
    async passed(db, ms) {
      await db
        .updateTable("write_clock")
        .set({
          last: sql<number>`CASE WHEN last < CAST(${ms} AS BIGINT) THEN CAST(${ms} AS BIGINT) ELSE last END`,
        })
        .where("id", "=", 1)
        .execute();
    },
    async last(db) {
      const row = await db
        .selectFrom("write_clock")
        .select("last")
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      return Number(row.last);
    },
  };
}
