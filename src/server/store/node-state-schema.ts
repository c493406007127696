// The state that nodes share through the database (written once for SQLite and PostgreSQL alike): the
// write clock every write takes its instant from, and the counters of the login throttle and the request
// rate limit. A migration, once committed, is frozen.
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

export const nodeStateSchema: Migration = {
  async up(db: Kysely<unknown>) {
    // One row: the last write instant handed out (write-clock.ts).
    await db.schema
      .createTable("write_clock")
      .addColumn("id", "integer", (column) => column.primaryKey())
      .addColumn("last", "bigint", (column) => column.notNull())
      .execute();
    // Starts after every write already stored, so the first write of the new clock sorts after them.
    const { rows } = await sql<{ last: number | string | null }>`
      SELECT MAX(last) AS last FROM (
        SELECT MAX(updated_at) AS last FROM products
        UNION ALL SELECT MAX(updated_at) FROM sub_users
        UNION ALL SELECT MAX(updated_at) FROM favourites
      ) AS writes`.execute(db);
    await sql`INSERT INTO write_clock (id, last) VALUES (1, ${Number(rows[0]?.last ?? 0)})`.execute(db);

    // A row per counted key (a client address, a user, an account): points used in a window ending at
    // expires_at (throttle-counts.ts).
    await db.schema
      .createTable("throttle_counts")
      .addColumn("key", "text", (column) => column.primaryKey())
      .addColumn("points", "integer", (column) => column.notNull())
      .addColumn("expires_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("throttle_counts_by_expiry")
      .on("throttle_counts")
      .column("expires_at")
      .execute();
  },
};
