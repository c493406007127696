// The start script's flags, checked into service options. A bad flag is a one-line message, never a trace.
import { parseArgs } from "node:util";
import { defaultLoginThrottle } from "./auth/login-throttle-options.ts";
import { maxDemoAccounts, maxDemoProducts } from "./demo/demo-limits.ts";
import type { ServiceOptions } from "./service.ts";
import { isPostgresUrl } from "./store/database-url.ts";
import { defaultPageCacheMb, maxPageCacheMb } from "./store/page-cache.ts";

const usage =
  "usage: npm run service -- [--host H] [--port N] [--database FILE|:memory:|postgres://USER@HOST:PORT/DB] [--demo N] [--accounts N] [--demo-seed S] [--token-ttl SECONDS] [--login-window SECONDS] [--login-user-failures N] [--login-address-failures N] [--rate-limit N] [--faults RATE --fault-seed S] [--latency MS] [--public-url URL] [--page-cache MB]";

export class CliOptionError extends Error {}

/** `--help`: not an error, the usage on stdout. */
export class HelpRequested extends Error {
  constructor() {
    super(usage);
  }
}

/** `env` is where `DATABASE_URL` is read, when no flag names the database. */
export function parseCliOptions(args: string[], env: NodeJS.ProcessEnv = {}): ServiceOptions {
  const { values } = parseFlags(args);
  if (values.help) throw new HelpRequested();
  const faultRate = number(values.faults, "--faults", 0, 1, false);
  const demoSeed = number(values["demo-seed"], "--demo-seed", 0, 2 ** 32 - 1);
  const limit = (flag: "login-window" | "login-user-failures" | "login-address-failures", fallback: number) =>
    number(values[flag], `--${flag}`, 1, 1e9) ?? fallback;
  return {
    host: values.host ?? "127.0.0.1",
    port: number(values.port, "--port", 0, 65535) ?? 8787,
    database: databaseOf(values.database, values.db, env.DATABASE_URL),
    demoProducts: number(values.demo, "--demo", 0, maxDemoProducts) ?? 1000,
    accounts: number(values.accounts, "--accounts", 1, maxDemoAccounts) ?? 1,
    // One seed makes the whole demo repeat: catalogs and credentials.
    ...(demoSeed === undefined ? {} : { seed: demoSeed, demoSeed }),
    loginThrottle: {
      windowSeconds: limit("login-window", defaultLoginThrottle.windowSeconds),
      failuresPerUser: limit("login-user-failures", defaultLoginThrottle.failuresPerUser),
      failuresPerAddress: limit("login-address-failures", defaultLoginThrottle.failuresPerAddress),
    },
    tokenTtlSeconds: number(values["token-ttl"], "--token-ttl", 1, 10 * 365 * 86400) ?? 43_200,
    rateLimit: number(values["rate-limit"], "--rate-limit", 1, 1e6) ?? null,
    latencyMs: number(values.latency, "--latency", 0, 60_000) ?? 0,
    pageCacheMb: number(values["page-cache"], "--page-cache", 0, maxPageCacheMb) ?? defaultPageCacheMb,
    ...(values["public-url"] === undefined ? {} : { publicUrl: publicUrl(values["public-url"]) }),
    faults:
      faultRate === undefined || faultRate === 0
        ? null
        : { rate: faultRate, seed: number(values["fault-seed"], "--fault-seed", 0, 2 ** 32 - 1) ?? 1 },
  };
}

function parseFlags(args: string[]) {
  try {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: "string" },
        port: { type: "string" },
        database: { type: "string" },
        // The flag's first name, kept for the scripts that use it.
        db: { type: "string" },
        demo: { type: "string" },
        accounts: { type: "string" },
        "demo-seed": { type: "string" },
        "login-window": { type: "string" },
        "login-user-failures": { type: "string" },
        "login-address-failures": { type: "string" },
        "token-ttl": { type: "string" },
        "rate-limit": { type: "string" },
        faults: { type: "string" },
        "fault-seed": { type: "string" },
        latency: { type: "string" },
        "public-url": { type: "string" },
        "page-cache": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replaceAll("\n", " ");
    throw new CliOptionError(`${message}; ${usage}`);
  }
}

/** `--database` (or `--db`), else `DATABASE_URL`, else SQLite in memory. */
function databaseOf(database: string | undefined, db: string | undefined, url: string | undefined): string {
  if (database !== undefined && db !== undefined) {
    throw new CliOptionError("--database and --db name the same thing: give one of them");
  }
  const target = database ?? db ?? (url || undefined) ?? ":memory:";
  if (target.trim() === "")
    throw new CliOptionError("--database needs a file, :memory: or a postgres:// URL");
  if (isPostgresUrl(target) && !URL.canParse(target)) {
    throw new CliOptionError(
      "--database: this postgres:// URL does not parse (postgres://USER@HOST:PORT/DB)",
    );
  }
  return target;
}

/** An http(s) URL without a trailing slash, as the service's own base URL is written. */
function publicUrl(value: string): string {
  if (!/^https?:\/\//.test(value) || !URL.canParse(value)) {
    throw new CliOptionError(`--public-url must be an http:// or https:// URL, not "${value}"`);
  }
  return value.replace(/\/+$/, "");
}

function number(
  value: string | undefined,
  flag: string,
  min: number,
  max: number,
  whole = true,
): number | undefined {
  if (value === undefined) return undefined;
  const parsed = value.trim() === "" ? Number.NaN : Number(value);
  if (!(parsed >= min && parsed <= max) || (whole && !Number.isInteger(parsed))) {
    throw new CliOptionError(
      `${flag} must be ${whole ? "a whole number" : "a number"} from ${min} to ${max}, not "${value}"`,
    );
  }
  return parsed;
}
