// GET /health, for a load balancer and a supervisor: unauthenticated and cheap (one small query). 200 when
// this node can answer: its database is reachable, its schema is the one this code expects, and its start
// (the demo's seeding) is done; 503 with `retry-after` otherwise, and from the moment it starts stopping,
// so a balancer sends its requests elsewhere.
import type { FastifyInstance } from "fastify";
import type { ServiceDatabase } from "../store/database.ts";
import { migrationsCurrent } from "../store/migrations.ts";
import { successBody } from "./envelope.ts";
import { retryLater } from "./http-error.ts";

export interface HealthDependencies {
  db: ServiceDatabase;
  /** Has the start finished (the demo seeded)? */
  started(): boolean;
}

export const healthPath = "/health";

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDependencies): void {
  app.get(healthPath, async (request) => {
    if (!deps.started()) throw notReady("This node is still starting.");
    const current = await migrationsCurrent(deps.db).catch((error: unknown) => {
      // The cause goes to the log only: this answer is for anyone who asks.
      process.stderr.write(`health check: database unreachable: ${String(error)}\n`);
      throw notReady("This node cannot reach its database.");
    });
    if (!current) throw notReady("This node's database schema is not the one it expects.");
    return successBody(request, "This node is ready.", {
      results: [{ database: "reachable", migrations: "current" }],
    });
  });
}

function notReady(message: string) {
  return retryLater(503, message, 1);
}
