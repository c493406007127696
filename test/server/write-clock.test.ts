// The write clock in the database: every instant strictly after the last, whatever the node's clock
// says, and after every write stored before the clock existed. On SQLite, and on PostgreSQL in the
// postgres project.
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/store/database.ts";
import { migrateToLatest, migrationsOf } from "../../src/server/store/migrations.ts";
import { createWriteClock } from "../../src/server/store/write-clock.ts";
import { testDatabase } from "./service-harness.ts";

const { db } = openDatabase(await testDatabase());
await migrateToLatest(db);
afterAll(() => db.destroy());

describe("the write clock", () => {
  it("hands out the node's time, or one past the last instant when that is later", async () => {
    let now = 5_000_000;
    const clock = createWriteClock(() => now);
    const taken = (): Promise<number> => db.transaction().execute((trx) => clock.next(trx));
    expect(await taken()).toBe(5_000_000);
    expect(await taken()).toBe(5_000_001);
    now = 4_000_000;
    expect(await taken()).toBe(5_000_002);
    now = 6_000_000;
    expect(await taken()).toBe(6_000_000);
    expect(await clock.last(db)).toBe(6_000_000);
  });

  it("follows writes made around it, never going back", async () => {
    const clock = createWriteClock(() => 0);
    await clock.passed(db, 7_000_000);
    await clock.passed(db, 1);
    expect(await db.transaction().execute((trx) => clock.next(trx))).toBe(7_000_001);
  });

  it("hands out one instant per transaction, even when nodes write at once", async () => {
    const clock = createWriteClock(() => 0);
    const instants = await Promise.all(
      Array.from({ length: 50 }, () => db.transaction().execute((trx) => clock.next(trx))),
    );
    expect(new Set(instants).size).toBe(50);
  });

  it("starts after the writes a database held before it existed", async () => {
    const { db: older } = openDatabase(await testDatabase());
    try {
      const migrations = migrationsOf(older);
      const names = Object.keys(migrations);
      const before = names[names.findIndex((name) => name.endsWith("_node_state")) - 1] as string;
      const provider = { getMigrations: async () => ({ ...migrations }) };
      await new Migrator({ db: older, provider }).migrateTo(before);
      await sql`INSERT INTO favourites VALUES ('a', 'f', 1, 9000123, '{}')`.execute(older);
      await migrateToLatest(older);
      expect(await createWriteClock(() => 0).last(older)).toBe(9_000_123);
    } finally {
      await older.destroy();
    }
  });
});
