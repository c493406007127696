// vitest globalSetup: one throw-away PostgreSQL server for the whole run (scripts/postgres-server.ts);
// each test file (each service it starts) makes its own database on it (postgres-database.ts). When the
// server cannot start, the run goes on and every test that needs it fails with the reason.
import type { TestProject } from "vitest/node";
import { startPostgresServer } from "../../scripts/postgres-server.ts";

export type PostgresAvailability = { adminUrl: string } | { error: string };

declare module "vitest" {
  export interface ProvidedContext {
    postgres: PostgresAvailability;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    const server = await startPostgresServer();
    project.provide("postgres", { adminUrl: server.adminUrl });
    return () => server.stop();
  } catch (error) {
    project.provide("postgres", { error: error instanceof Error ? error.message : String(error) });
    return async () => undefined;
  }
}
