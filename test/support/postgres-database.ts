// A fresh, empty database on the run's PostgreSQL server (postgres-setup.ts): CREATE DATABASE is quick,
// so every service a test starts gets its own. Fails, saying why, when the server could not start.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

export async function freshPostgresDatabase(): Promise<string> {
  const postgres = inject("postgres");
  if (postgres === undefined) {
    throw new Error(
      "No PostgreSQL server in this run: the vitest project lacks test/support/postgres-setup.ts.",
    );
  }
  if ("error" in postgres)
    throw new Error(`PostgreSQL could not be started for the tests: ${postgres.error}`);
  const name = `test_${randomBytes(8).toString("hex")}`;
  const client = new pg.Client({ connectionString: postgres.adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return postgres.adminUrl.replace(/\/postgres$/, `/${name}`);
}
