// GET /health as a balancer asks it, and a node's stop on SIGTERM: it drains what is in flight, takes
// nothing new, closes its database and exits 0.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startServiceNode } from "../support/service-node.ts";
import { expectError } from "./error-envelope.ts";
import { call, startTestService } from "./service-harness.ts";

const dir = await mkdtemp(join(tmpdir(), "health-"));
afterAll(() => rm(dir, { recursive: true, force: true }));
const dbFile = join(dir, "service.db");
const service = await startTestService({ database: dbFile });

describe("GET /health", () => {
  it("answers 200 in the envelope without a token", async () => {
    const reply = await call(service, "GET", "/health");
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      status: 200,
      msg: "This node is ready.",
      request: { id: expect.any(String) },
      results: [{ database: "reachable", migrations: "current" }],
    });
  });

  it("answers 503 with retry-after while the database holds a schema this node does not know", async () => {
    const other = new Database(dbFile);
    try {
      other.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_newer', 'x')").run();
      const reply = await call(service, "GET", "/health");
      expect(expectError(reply, 503).msg).toBe("This node's database schema is not the one it expects.");
      expect(reply.headers.get("retry-after")).toBe("1");
      other.prepare("DELETE FROM kysely_migration WHERE name = '9999_newer'").run();
      expect((await call(service, "GET", "/health")).status).toBe(200);
    } finally {
      other.close();
    }
  });
});

describe("a node told to stop (SIGTERM)", () => {
  it("answers the request in flight, refuses new connections, and exits 0", async () => {
    const node = await startServiceNode(["--demo", "5", "--latency", "1500"]);
    const inFlight = fetch(`${node.baseUrl}/health`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = node.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(fetch(`${node.baseUrl}/health`)).rejects.toThrow();
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ msg: "This node is ready." });
    expect(await exited).toBe(0);
  });
});
