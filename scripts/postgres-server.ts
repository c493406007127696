// A throw-away PostgreSQL server from Debian's `postgresql` package, for the tests, the bench and anyone
// who wants to try the service on PostgreSQL without setting one up:
//   node scripts/postgres-server.ts      prints `ready postgres://postgres@127.0.0.1:PORT/catalog`, stops on Ctrl-C
// It makes a cluster in a temporary folder, listening on a free loopback port only, trusting local
// connections, with fsync off (nothing in it is worth keeping), and removes the folder when stopped.
// PostgreSQL refuses to run as root: as root it runs as the `postgres` user the package creates.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: the maintenance database, for CREATE DATABASE. */
  adminUrl: string;
  /** A new, empty database; gives back its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** Debian puts each major version's programs in /usr/lib/postgresql/<major>/bin; the newest is taken. */
function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined || !existsSync(join(root, newest, "bin", "initdb"))) {
    throw new Error(
      "PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb): run `apt-get install -y postgresql`.",
    );
  }
  return join(root, newest, "bin");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  // As root, every program runs as `postgres`, which must own the folder.
  const as = (program: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", join(bin, program), ...args])
      : run(join(bin, program), args);
  const dir = mkdtempSync(join(tmpdir(), "pos-catalog-postgres-"));
  const data = join(dir, "data");
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  try {
    await as("initdb", [
      "-D",
      data,
      "--auth=trust",
      "--username=postgres",
      "--no-sync",
      "--encoding=UTF8",
      "--locale=C",
    ]);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    await as("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", options, "-w", "-t", "30", "start"]);
  } catch (error) {
    const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").slice(-2000) : "";
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(error as Error).message.trim()}\n${log}`);
  }
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stopArgs = ["-D", data, "-m", "immediate", "stop"];
  let stopped: Promise<void> | undefined;
  // Whatever way this process ends short of a kill, the server goes with it: nothing is left running.
  const stopOnExit = () => {
    if (stopped !== undefined) return;
    try {
      const program = join(bin, "pg_ctl");
      execFileSync(
        asRoot ? "runuser" : program,
        asRoot ? ["-u", "postgres", "--", program, ...stopArgs] : stopArgs,
        {
          stdio: "ignore",
        },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once("exit", stopOnExit);
  return {
    adminUrl,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new RangeError(`not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      process.off("exit", stopOnExit);
      stopped ??= as("pg_ctl", stopArgs)
        .then(() => undefined)
        .finally(() => rmSync(dir, { recursive: true, force: true }));
      return stopped;
    },
  };
}

async function main(): Promise<void> {
  const server = await startPostgresServer();
  const url = await server.createDatabase("catalog");
  process.stdout.write(`ready ${url}\n`);
  // Nothing else keeps this process alive while the server runs.
  const alive = setInterval(() => undefined, 2 ** 30);
  const stop = () => {
    clearInterval(alive);
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
