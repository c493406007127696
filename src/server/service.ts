// The reference commerce service as a library: start it on a port (0 picks a free one) over its own
// database (SQLite or PostgreSQL), get its base URL and the demo accounts' credentials back, switch faults, close it.
// The start composes the rooms (store/, auth/, http/) and plugs in the sides: the demo (demo/, through
// its plug-in) and the fault switch (faults/).
import type { AddressInfo } from "node:net";
import { createLoginThrottle } from "./auth/login-throttle.ts";
import { defaultLoginThrottle, type LoginThrottleOptions } from "./auth/login-throttle-options.ts";
import { defaultPasswordCost, isPasswordCost, minPasswordCost, passwordHasher } from "./auth/passwords.ts";
import { createRequestRateLimit } from "./auth/request-rate-limit.ts";
import { loadSigningKey } from "./auth/signing-key.ts";
import type { DemoCredentials } from "./demo/demo-account.ts";
import { maxDemoAccounts } from "./demo/demo-limits.ts";
import { demoPlugin } from "./demo/demo-plugin.ts";
import { createFaultSwitch, type FaultKind, type FaultOptions } from "./faults/faults.ts";
import { createApp } from "./http/app.ts";
import { drain } from "./http/drain.ts";
import { openDatabase } from "./store/database.ts";
import { migrateToLatest } from "./store/migrations.ts";
import { createPageCache, defaultPageCacheMb, maxPageCacheMb } from "./store/page-cache.ts";
import { createPagePositions } from "./store/page-positions.ts";
import { lastWriteMs } from "./store/products-store.ts";
import { withStartLock } from "./store/start-lock.ts";
import { sweepThrottleCounts } from "./store/throttle-sweeper.ts";
import { createWriteClock } from "./store/write-clock.ts";

// What the CLI's demo commands need of the demo, through the start that plugs it in.
export { maxDemoProducts } from "./demo/demo-limits.ts";
export { demoSaleCode } from "./demo/demo-sale-cases.ts";
export type { FaultKind, FaultOptions, LoginThrottleOptions };

export interface ServiceOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /**
   * A SQLite file, ":memory:" (the default) or a PostgreSQL URL (`postgres://USER@HOST:PORT/DB`): the
   * same service on either.
   */
  database?: string;
  /** Size of each demo account's catalog, made when the account is created (default 0). */
  demoProducts?: number;
  /** Demo accounts the database must hold, each its own organisation (default 1, at most 100). */
  accounts?: number;
  /** Seed of the demo catalogs (default 1). */
  seed?: number;
  /**
   * Seed of the demo accounts' ids, passwords and API keys. Unset (the default), they are drawn at random
   * once per database. For reproducible tests only: anyone who knows the seed can sign in.
   */
  demoSeed?: number;
  /** Failed-login limits (default `defaultLoginThrottle`). */
  loginThrottle?: LoginThrottleOptions;
  /** Default 43200 (12 h). */
  tokenTtlSeconds?: number;
  /** Default null (off). */
  faults?: FaultOptions | null;
  /** Requests a second per account, past which they answer 429 with `retry-after`; default null (no limit). */
  rateLimit?: number | null;
  /** A fixed delay before every answer, in ms (default 0): a service that is far away. */
  latencyMs?: number;
  /**
   * Where clients reach the service when that is not where it listens (a load balancer's address): the
   * demo's picture URLs point there. Default: the address it listens on.
   */
  publicUrl?: string;
  /**
   * Memory for pages served a moment ago, in MiB (page-cache.ts); 0 keeps none. Default 64: the pages
   * of about 30,000 products, so that a chain's tills syncing at once mostly read from memory.
   */
  pageCacheMb?: number;
  /**
   * scrypt's work factor for new password hashes, a power of two from 1,024 to the default 16,384. Lower
   * only for test services, which create hundreds of users: a lower cost makes a stolen hash easier to crack.
   */
  passwordCost?: number;
  /** Epoch ms, default Date.now: token times, expiry and write timestamps come from it. */
  clock?: () => number;
}

export interface DemoAccount extends DemoCredentials {
  baseUrl: string;
}

export interface RunningService {
  /** e.g. http://127.0.0.1:43121, no trailing slash. */
  baseUrl: string;
  /** The first demo account. */
  demo: DemoAccount;
  /** Every demo account, the first one first. */
  accounts: DemoAccount[];
  setFaults(faults: FaultOptions | null): void;
  close(): Promise<void>;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const clock = options.clock ?? Date.now;
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 43_200;
  if (!Number.isInteger(tokenTtlSeconds) || tokenTtlSeconds <= 0) {
    throw new RangeError("tokenTtlSeconds must be a positive whole number");
  }
  const pageCacheMb = options.pageCacheMb ?? defaultPageCacheMb;
  if (!Number.isInteger(pageCacheMb) || pageCacheMb < 0 || pageCacheMb > maxPageCacheMb) {
    throw new RangeError(`pageCacheMb must be a whole number from 0 to ${maxPageCacheMb}`);
  }
  const accountCount = options.accounts ?? 1;
  if (!Number.isInteger(accountCount) || accountCount < 1 || accountCount > maxDemoAccounts) {
    throw new RangeError(`accounts must be a whole number from 1 to ${maxDemoAccounts}`);
  }
  const passwordCost = options.passwordCost ?? defaultPasswordCost;
  if (!isPasswordCost(passwordCost)) {
    throw new RangeError(
      `passwordCost must be a power of two from ${minPasswordCost} to ${defaultPasswordCost}`,
    );
  }
  const passwords = passwordHasher(passwordCost);
  const faults = createFaultSwitch(options.faults ?? null);
  const { db, probe } = openDatabase(options.database ?? ":memory:");
  const closeDatabase = async () => {
    await db.destroy();
    if (probe !== db) await probe.destroy();
  };
  try {
    const loginThrottle = createLoginThrottle(db, options.loginThrottle ?? defaultLoginThrottle, clock);
    const rateLimit = createRequestRateLimit(db, options.rateLimit ?? null, clock);
    const signingKey = await withStartLock(db, async () => {
      await migrateToLatest(db);
      return loadSigningKey(db);
    });
    const writeClock = createWriteClock(clock);
    const positions = createPagePositions();
    const pages = createPageCache(pageCacheMb * 2 ** 20);
    const demo = demoPlugin({
      accounts: accountCount,
      catalogSeed: options.seed ?? 1,
      credentialSeed: options.demoSeed ?? null,
      demoProducts: options.demoProducts ?? 0,
      hashPassword: passwords.hash,
    });
    let seeded = (): void => undefined;
    const ready = new Promise<void>((resolve) => {
      seeded = resolve;
    });
    const app = createApp({
      db,
      probe,
      signingKey,
      clock,
      tokenTtlSeconds,
      faults,
      writeClock,
      positions,
      pages,
      loginThrottle,
      passwords,
      rateLimit,
      latencyMs: options.latencyMs ?? 0,
      ready,
      referenceData: demo.referenceData,
      extraRoutes: (routes) => demo.registerRoutes(routes, { faults }),
    });
    const host = options.host ?? "127.0.0.1";
    await app.listen({ host, port: options.port ?? 8787 });
    const baseUrl = `http://${urlHost(host)}:${(app.server.address() as AddressInfo).port}`;
    let demos: DemoCredentials[];
    try {
      demos = await withStartLock(db, async () => {
        const made = await demo.seed(db, { baseUrl: options.publicUrl ?? baseUrl, now: clock() });
        // The seeding wrote around the clock: later writes, on any node, follow its last.
        await writeClock.passed(db, await lastWriteMs(db));
        return made;
      });
      seeded();
    } catch (error) {
      // Closing drops any request still waiting for the seeding.
      await app.close();
      throw error;
    }
    const accounts = demos.map((demo) => ({ baseUrl, ...demo }));
    const sweeper = sweepThrottleCounts(db, clock);
    let closing: Promise<void> | undefined;
    return {
      baseUrl,
      demo: accounts[0] as DemoAccount,
      accounts,
      setFaults: (next) => faults.set(next),
      close: () => {
        sweeper.stop();
        closing ??= drain(app).then(closeDatabase);
        return closing;
      },
    };
  } catch (error) {
    await closeDatabase();
    throw error;
  }
}

/** A host as it goes in a URL a client can call: wildcard addresses become loopback, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}
