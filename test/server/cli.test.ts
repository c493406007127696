// The start script as a real child process: the ready line, clean stops, restarts on the same database.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { organisationLoginResultSchema } from "../../src/shared/api/login.ts";
import { singleProductSchema } from "../../src/shared/api/pagination.ts";

const cliPath = join(import.meta.dirname, "../../src/server/cli.ts");
const credentialsSchema = z.strictObject({
  baseUrl: z.url(),
  accountId: z.uuid(),
  legacyId: z.string().regex(/^[0-9a-f]{32}$/),
  configurationId: z.uuid(),
  organisation: z.string().min(1),
  username: z.email(),
  password: z.string().min(20),
  apiKey: z.uuid(),
});
const readySchema = credentialsSchema.extend({ accounts: z.array(credentialsSchema).min(1) });
type Ready = z.infer<typeof readySchema>;

interface Cli {
  child: ChildProcessWithoutNullStreams;
  ready: Ready;
  stdout: () => string;
  stop: (signal: NodeJS.Signals) => Promise<number | null>;
}

function run(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [cliPath, ...args], { stdio: "pipe" });
}

/** A start that ends by itself (usage, a refused flag): its exit code and all it printed. */
async function ranToEnd(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = run(args);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

async function startCli(args: string[]): Promise<Cli> {
  const child = run(["--port", "0", ...args]);
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(stdout.split("\n")[0] ?? "");
    });
    exited.then(() => reject(new Error(`service exited before ready: ${stderr}`)));
  });
  expect(line.startsWith("ready ")).toBe(true);
  const stop = async (signal: NodeJS.Signals) => {
    child.kill(signal);
    return exited;
  };
  return {
    child,
    ready: readySchema.parse(JSON.parse(line.slice("ready ".length))),
    stdout: () => stdout,
    stop,
  };
}

/** The ready line without its base URLs, which change with the port. */
function credentialsOf(ready: Ready) {
  const { baseUrl: _, accounts, ...first } = ready;
  return { ...first, accounts: accounts.map(({ baseUrl: _url, ...rest }) => rest) };
}

async function login(ready: z.infer<typeof credentialsSchema>): Promise<string> {
  const response = await fetch(`${ready.baseUrl}/api/v1/users/auth/organisation/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      organisation: ready.organisation,
      username: ready.username,
      password: ready.password,
    }),
  });
  return organisationLoginResultSchema.parse(await response.json()).token;
}

const directory = await mkdtemp(join(tmpdir(), "reference-service-"));
afterAll(() => rm(directory, { recursive: true, force: true }));

describe("the start script", () => {
  it("prints one ready line whose credentials log in, and exits 0 on SIGINT", async () => {
    const cli = await startCli(["--demo", "3"]);
    const token = await login(cli.ready);
    const page = await fetch(`${cli.ready.baseUrl}/api/v1/products/${cli.ready.legacyId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await page.json()) as { count: number }).count).toBeGreaterThan(0);
    expect(await cli.stop("SIGINT")).toBe(0);
    expect(cli.stdout().trimEnd().split("\n")).toHaveLength(1);
  });

  it("keeps data, credentials and tokens across a restart on the same database file", async () => {
    const db = join(directory, "service.db");
    const first = await startCli(["--db", db, "--demo", "5"]);
    const token = await login(first.ready);
    const created = await fetch(`${first.ready.baseUrl}/api/v1/products/${first.ready.accountId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Survives restarts", tax: crypto.randomUUID(), type: "product" }),
    });
    const id = ((await created.json()) as { results: [{ id: string }] }).results[0].id;
    expect(await first.stop("SIGTERM")).toBe(0);

    const second = await startCli(["--db", db, "--demo", "50", "--port", "0"]);
    expect(credentialsOf(second.ready)).toEqual(credentialsOf(first.ready));
    const read = await fetch(`${second.ready.baseUrl}/api/v1/products/${second.ready.accountId}/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(singleProductSchema.parse(await read.json()).results[0]).toMatchObject({
      id,
      name: "Survives restarts",
    });
    const meta = await fetch(
      `${second.ready.baseUrl}/api/v1/products/${second.ready.accountId}/meta?deleted=false`,
      {
        headers: { authorization: `Bearer ${await login(second.ready)}` },
      },
    );
    const liveCount = ((await meta.json()) as { results: [{ count: number }] }).results[0].count;
    expect(liveCount).toBeLessThanOrEqual(6);
    expect(await second.stop("SIGINT")).toBe(0);
  });

  it("lists several accounts on the ready line, the first also at the top, each signing in to its own", async () => {
    const cli = await startCli(["--demo", "2", "--accounts", "3"]);
    const { accounts, ...top } = cli.ready;
    const { baseUrl } = top;
    expect(accounts).toHaveLength(3);
    expect(accounts[0]).toEqual(top);
    expect(new Set(accounts.map((account) => account.accountId)).size).toBe(3);
    expect(new Set(accounts.map((account) => account.organisation)).size).toBe(3);
    for (const account of accounts) {
      expect(account.baseUrl).toBe(baseUrl);
      const token = await login(account);
      const own = await fetch(`${baseUrl}/api/v1/products/${account.accountId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(own.status).toBe(200);
      const other = accounts.find((candidate) => candidate !== account)?.accountId;
      const foreign = await fetch(`${baseUrl}/api/v1/products/${other}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(foreign.status).toBe(403);
    }
    expect(await cli.stop("SIGINT")).toBe(0);
  });

  it("draws new credentials for every new database, and repeats them only under --demo-seed", async () => {
    const starts = [[], [], ["--demo-seed", "42"], ["--demo-seed", "42"]];
    const readies: Ready[] = [];
    for (const args of starts) {
      const cli = await startCli(["--demo", "0", ...args]);
      readies.push(cli.ready);
      expect(await cli.stop("SIGTERM")).toBe(0);
    }
    const [first, second, seeded, seededAgain] = readies.map(credentialsOf);
    for (const key of ["accountId", "legacyId", "configurationId", "password", "apiKey"] as const) {
      expect(first?.[key]).not.toBe(second?.[key]);
      expect(first?.[key]).not.toBe(seeded?.[key]);
    }
    expect(seededAgain).toEqual(seeded);
  });

  it("prints its usage on stdout for --help and exits 0 without starting", async () => {
    const { code, stdout, stderr } = await ranToEnd(["--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^usage: npm run service -- /);
    expect(stdout).toContain("--page-cache MB");
    expect(stdout).not.toContain("ready");
  });

  it.each([
    ["--port", "x"],
    ["--bogus"],
    ["--demo", "-1"],
    ["--demo", "1000001"],
    ["--accounts", "0"],
    ["--accounts", "101"],
    ["--page-cache", "lots"],
    ["--demo-seed", "x"],
    ["--login-user-failures", "0"],
    ["--login-window", "1.5"],
    ["--rate-limit", "0"],
    ["--latency", "-1"],
    ["--latency", "fast"],
    ["extra"],
  ])("refuses %s with one plain line and exit code 2", async (...args) => {
    const { code, stdout, stderr } = await ranToEnd(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
