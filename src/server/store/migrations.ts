// Brings a database to the latest schema of its kind: SQLite's and PostgreSQL's each have their own
// numbered migrations. A database with migrations this code does not know is refused.
import { type MigrationProvider, Migrator } from "kysely/migration";
import { dialectOf, type ServiceDatabase } from "./database.ts";
import { postgresMigrations } from "./postgres-migrations.ts";
import { sqliteMigrations } from "./sqlite-migrations.ts";

export function migrationsOf(db: ServiceDatabase) {
  return dialectOf(db) === "postgres" ? postgresMigrations : sqliteMigrations;
}

/**
 * On PostgreSQL kysely's Migrator holds an advisory lock while it migrates, so nodes starting at once on
 * one empty database migrate it once; the start also runs this under its own start lock (start-lock.ts).
 */
export async function migrateToLatest(db: ServiceDatabase): Promise<void> {
  const migrations = migrationsOf(db);
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
}

/** Has every migration this code knows been applied (and none it does not know)? One small query. */
export async function migrationsCurrent(db: ServiceDatabase): Promise<boolean> {
  const applied = await db
    .withTables<{ kysely_migration: { name: string } }>()
    .selectFrom("kysely_migration")
    .select("name")
    .execute();
  const known = Object.keys(migrationsOf(db));
  return applied.length === known.length && applied.every((row) => known.includes(row.name));
}
