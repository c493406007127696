// Several nodes started at once on one empty PostgreSQL database, as real processes: the schema is made
// once, the demo accounts and catalogs are made once (every node prints the same credentials), and a
// node started later on the seeded database seeds nothing.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { postgresMigrations } from "../../src/server/store/postgres-migrations.ts";
import { freshPostgresDatabase } from "../support/postgres-database.ts";

const cliPath = join(import.meta.dirname, "../../src/server/cli.ts");
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }
});

interface Ready {
  baseUrl: string;
  accounts: { accountId: string; username: string; password: string; apiKey: string; baseUrl: string }[];
}

async function startNode(database: string, args: string[]): Promise<Ready> {
  const child = spawn(process.execPath, [cliPath, "--port", "0", "--database", database, ...args]);
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(stdout.split("\n")[0] ?? "");
    });
    child.once("exit", (code) => reject(new Error(`node exited with ${code} before ready: ${stderr}`)));
  });
  expect(line.startsWith("ready ")).toBe(true);
  return JSON.parse(line.slice("ready ".length)) as Ready;
}

/** The ready line without the node's own address. */
const credentials = (ready: Ready) => ready.accounts.map(({ baseUrl: _, ...rest }) => rest);

async function query<Row>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

describe("nodes starting at once on one empty PostgreSQL database", () => {
  it("migrate it once, seed it once, and print the same credentials; a later node seeds nothing", async () => {
    const database = await freshPostgresDatabase();
    const args = ["--demo", "700", "--accounts", "2"];
    const nodes = await Promise.all([1, 2, 3].map(() => startNode(database, args)));
    const [first, ...others] = nodes as [Ready, ...Ready[]];
    expect(first.accounts).toHaveLength(2);
    for (const other of others) expect(credentials(other)).toEqual(credentials(first));

    const migrated = await query<{ name: string }>(
      database,
      "SELECT name FROM kysely_migration ORDER BY name",
    );
    expect(migrated.map((row) => row.name)).toEqual(Object.keys(postgresMigrations));
    const counts = async () =>
      query<{ account_id: string; products: number }>(
        database,
        "SELECT account_id, count(*)::int AS products FROM products GROUP BY account_id ORDER BY account_id",
      );
    const seeded = await counts();
    expect(seeded.map((row) => row.products)).toEqual([700, 700]);

    const later = await startNode(database, ["--demo", "50", "--accounts", "2"]);
    expect(credentials(later)).toEqual(credentials(first));
    expect(await counts()).toEqual(seeded);

    // Every node answers for every account, with a token any of them issued.
    const account = first.accounts[1] as Ready["accounts"][number];
    const login = await fetch(`${first.baseUrl}/api/v1/users/auth/key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: account.accountId, api_key: account.apiKey }),
    });
    const { token } = (await login.json()) as { token: string };
    for (const node of [...nodes, later]) {
      const meta = await fetch(`${node.baseUrl}/api/v1/products/${account.accountId}/meta?deleted=true`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(meta.status).toBe(200);
    }
  });

  it("refuse a database that a newer service migrated further", async () => {
    const database = await freshPostgresDatabase();
    await startNode(database, ["--demo", "0"]);
    await query(
      database,
      "INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', '2030')",
    );
    await expect(startNode(database, ["--demo", "0"])).rejects.toThrow(/9999_from_the_future/);
  });
});
