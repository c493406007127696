// A node's pool can be taken whole by pages being served; its health check must still answer its load
// balancer at once, or the balancer takes a busy but healthy node out of service.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type OpenedDatabase, openDatabase } from "../../src/server/store/database.ts";
import { freshPostgresDatabase } from "../support/postgres-database.ts";

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.db.destroy();
  await opened?.probe.destroy();
});

describe("the health check's connection on PostgreSQL", () => {
  it("answers while every connection of the service's pool is busy", async () => {
    opened = openDatabase(await freshPostgresDatabase());
    const { db, probe } = opened;
    const order: string[] = [];
    // More slow queries than the pool holds: every connection is taken, the rest wait in line.
    const busy = Array.from({ length: 12 }, () =>
      sql`SELECT pg_sleep(1.5)`.execute(db).then(() => order.push("pool")),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const probed = sql<{ one: number }>`SELECT 1 AS one`.execute(probe).then((result) => {
      order.push("probe");
      return result.rows[0]?.one;
    });
    expect(await probed).toBe(1);
    await Promise.all(busy);
    expect(order[0]).toBe("probe");
  });
});
