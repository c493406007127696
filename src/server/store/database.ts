// The service's database, SQLite (a file, the embedded default) or PostgreSQL (a URL): table shapes for
// kysely and the one place a connection is opened. The rest of the service is written once for both;
// what differs is asked of `dialectOf`.
import Database from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import { isPostgresUrl } from "./database-url.ts";

export interface AccountsTable {
  id: string;
  legacy_id: string | null;
  name: string;
  configuration_id: string;
  /** JSON object of feature flags, sent as is in the organisation login. */
  features: string;
  created_at: number;
}

export interface SubUsersTable {
  id: string;
  account_id: string;
  username: string | null;
  email: string | null;
  /** scrypt hash (see passwords.ts); null for users that only log in with an API key. */
  password_hash: string | null;
  /** SHA-256 of the sub-user's API key (api-keys.ts); the key itself is never stored. */
  api_key_digest: string | null;
  role: string | null;
  /** JSON array of scope strings, or null. */
  scopes: string | null;
  description: string | null;
  firstname: string | null;
  lastname: string | null;
  /** JSON array, or null. */
  locations: string | null;
  active: number;
  blocked: number;
  deleted: number;
  created_at: number;
  updated_at: number;
}

/** A product is kept as the JSON text served on the wire, plus the columns lists filter and sort on. */
export interface ProductsTable {
  id: string;
  account_id: string;
  deleted: number;
  active: number;
  type: string;
  product_group: string | null;
  created_at: number;
  updated_at: number;
  body: string;
}

/** Every code a product can be found by (barcode, barcodes[], codes[].data), one row each. */
export interface ProductCodesTable {
  product_id: string;
  account_id: string;
  code: string;
}

/** A favourite set, kept as the JSON text served; ids are per account (the demo's sets share theirs). */
export interface FavouritesTable {
  account_id: string;
  id: string;
  created_at: number;
  updated_at: number;
  body: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Demo only: the plain password and API key of a demo account, so a restart can print them again. */
export interface DemoCredentialsTable {
  account_id: string;
  username: string;
  password: string;
  /** The sub-user holding the demo API key. */
  service_user_id: string;
  /** The key as first issued; printed only while that sub-user still holds it. */
  api_key: string | null;
}

/** One row (id 1): the last write instant handed out (write-clock.ts). */
export interface WriteClockTable {
  id: number;
  last: number;
}

/** Points a key used in its window ending at expires_at (throttle-counts.ts). */
export interface ThrottleCountsTable {
  key: string;
  points: number;
  expires_at: number;
}

export interface ServiceTables {
  accounts: AccountsTable;
  sub_users: SubUsersTable;
  products: ProductsTable;
  product_codes: ProductCodesTable;
  favourites: FavouritesTable;
  settings: SettingsTable;
  demo_credentials: DemoCredentialsTable;
  write_clock: WriteClockTable;
  throttle_counts: ThrottleCountsTable;
}

export type ServiceDatabase = Kysely<ServiceTables>;

export type DatabaseDialect = "sqlite" | "postgres";

export interface OpenedDatabase {
  db: ServiceDatabase;
  /**
   * For the health check alone. On PostgreSQL a connection of its own, so a node whose pool is busy
   * serving pages still answers its load balancer at once rather than being taken out of service.
   */
  probe: ServiceDatabase;
  dialect: DatabaseDialect;
}

export function openDatabase(target: string): OpenedDatabase {
  if (isPostgresUrl(target)) {
    return { db: openPostgres(target, 10), probe: openPostgres(target, 1), dialect: "postgres" };
  }
  const db = openSqlite(target);
  return { db, probe: db, dialect: "sqlite" };
}

/** Which database a kysely instance (or a transaction on one) talks to. */
export function dialectOf(db: ServiceDatabase): DatabaseDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** A write refused by a unique index, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

function openSqlite(file: string): ServiceDatabase {
  const sqlite = new Database(file);
  // WAL lets a reader (a test or a second tool) look at the file while the service writes.
  if (file !== ":memory:") sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  // What is overwritten or deleted (a replaced key digest, a deleted sub-user) is zeroed, not left in free pages.
  sqlite.pragma("secure_delete = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<ServiceTables>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
}

/** Distinct statements kept prepared: every query the service makes, with room to spare. */
const keptStatements = 256;

/**
 * kysely prepares every query it runs, and better-sqlite3 keeps each prepared statement until the
 * database closes, garbage collections or not (measured): a service answering for weeks, or seeding a
 * million products (a statement of 4,500 values per 500 rows, half a megabyte each), would grow
 * without end. The same SQL text gets the
 * statement prepared before; kysely runs one query at a time on SQLite, so one is never in use twice.
 */
function reusingStatements(sqlite: Database.Database): SqliteDatabase {
  const prepared = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const kept = prepared.get(text);
      if (kept !== undefined) {
        // Most recently used last, so the first key is the one to let go.
        prepared.delete(text);
        prepared.set(text, kept);
        return kept;
      }
      const statement = sqlite.prepare(text);
      prepared.set(text, statement);
      if (prepared.size > keptStatements) prepared.delete(prepared.keys().next().value as string);
      return statement;
    },
  };
}

/** PostgreSQL's 64-bit integers (counts, epoch ms) and numerics. */
const int8Oid = 20;
const numericOid = 1700;

function openPostgres(url: string, connections: number): ServiceDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: connections,
    // Counts and epoch-ms columns come back as numbers, as SQLite gives them (node-postgres gives strings,
    // since an int8 may exceed 2^53; none of these can).
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === int8Oid || oid === numericOid
          ? Number
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server dropped (a restart, a failover) is an event, not a crash: the pool
  // opens a new one for the next query, and /health says whether the database answers meanwhile.
  pool.on("error", (error) => {
    process.stderr.write(`PostgreSQL dropped an idle connection: ${error.message}\n`);
  });
  return new Kysely<ServiceTables>({ dialect: new PostgresDialect({ pool }) });
}
