// The service's schema migrations: a fresh database gets every table, running again changes nothing, and a
// database migrated by a newer version of the service is refused rather than used half-understood.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type ServiceDatabase } from "../../src/server/store/database.ts";
import { migrateToLatest } from "../../src/server/store/migrations.ts";
import { postgresMigrations } from "../../src/server/store/postgres-migrations.ts";
import { sqliteMigrations } from "../../src/server/store/sqlite-migrations.ts";

let db: ServiceDatabase | undefined;
afterEach(() => db?.destroy());

async function tableNames(database: ServiceDatabase): Promise<string[]> {
  const result = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`.execute(database);
  return result.rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith("kysely_") && !name.startsWith("sqlite_"));
}

describe("migrations", () => {
  it.each([
    ["SQLite's", sqliteMigrations],
    ["PostgreSQL's", postgresMigrations],
  ])("%s are numbered in order", (_, migrations) => {
    const names = Object.keys(migrations);
    expect(names.every((name) => /^\d{4}_[a-z_]+$/.test(name))).toBe(true);
    expect([...names].sort()).toEqual(names);
  });

  it("create every table on a fresh database, and running them again changes nothing", async () => {
    db = openDatabase(":memory:").db;
    await migrateToLatest(db);
    const tables = await tableNames(db);
    expect(tables).toEqual([
      "accounts",
      "demo_credentials",
      "favourites",
      "product_codes",
      "products",
      "settings",
      "sub_users",
      "throttle_counts",
      "write_clock",
    ]);
    await migrateToLatest(db);
    expect(await tableNames(db)).toEqual(tables);
  });

  it("refuse a database that a newer service migrated further", async () => {
    db = openDatabase(":memory:").db;
    await migrateToLatest(db);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', '2030-01-01')`.execute(
      db,
    );
    await expect(migrateToLatest(db)).rejects.toThrow();
  });
});
