// `npm run rush -- --tills N --products P [--rate-limit R] [--changes C] [--page-size S]`: opening
// time at a chain. One reference service (with R requests a second per account when given) and N
// CLI tills, each a separate process with its own data folder and its own counting proxy, sign in
// and sync at the same moment; then C products change and all sync again at once. Before each round
// one more till does the same alone, and what it needed is the minimum each till needs. Prints per
// till the result, its time and its requests, and per round the requests against the minimum, the
// 429s, and p50/p95/max time to a complete catalog; then checks every till's catalog against the
// service's. Exit code 0 when every till ended with the service's catalog, else 1.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { catalogFileFor } from "../src/core/catalog/catalog-store.ts";
import { runCli } from "../test/support/cli-process.ts";
import { adminApi, localProducts } from "../test/support/service-fixtures.ts";
import { type CountingProxy, startCountingProxy } from "./counting-proxy.ts";
import { type Ready, startService } from "./service-process.ts";

interface Till {
  name: string;
  dataDir: string;
  proxy: CountingProxy;
}

interface TillRun {
  till: Till;
  ok: boolean;
  /** The CLI's last line on stderr when it failed. */
  message: string;
  ms: number;
  requests: number;
  refused: number;
}

type Admin = Awaited<ReturnType<typeof adminApi>>;

async function main(): Promise<void> {
  const options = parseFlags();
  const service = await startService(options.products, {
    flags: options.rateLimit === null ? [] : ["--rate-limit", String(options.rateLimit)],
  });
  const root = await mkdtemp(join(tmpdir(), "catalog-rush-"));
  const tills: Till[] = [];
  try {
    const { ready } = service;
    const admin = await adminApi({ baseUrl: ready.baseUrl, demo: ready });
    for (let n = 0; n <= options.tills; n++) {
      const name = n === 0 ? "alone" : String(n).padStart(2, "0");
      tills.push({ name, dataDir: join(root, name), proxy: await startCountingProxy(ready.baseUrl) });
    }
    const [alone, ...rushing] = tills as [Till, ...Till[]];
    const pageFlags = ["--page-size", String(options.pageSize)];
    printHeading(options);

    // By API key, as an integration signs in: forty simultaneous sign-ins of one user by password
    // exceed the service's failed-login limit, which counts an attempt as failed while it is checked.
    const signIn = (till: Till) => [
      "login",
      "--base-url",
      till.proxy.baseUrl,
      "--account-id",
      ready.accountId,
      "--api-key",
      ready.apiKey,
    ];
    const first = await round(alone, rushing, (till) => [signIn(till), ["sync", ...pageFlags]]);
    report("Round 1: sign-in and first sync, all tills at once", first);
    const firstEqual = await catalogsEqual(admin, ready, rushing);

    await changeProducts(admin, options.changes);
    const second = await round(alone, rushing, () => [["sync", ...pageFlags]]);
    report(`Round 2: incremental sync after ${options.changes} changes, all tills at once`, second);
    const secondEqual = await catalogsEqual(admin, ready, rushing);
    const allOk = [...first.runs, ...second.runs].every((run) => run.ok);
    process.exitCode = allOk && firstEqual && secondEqual ? 0 : 1;
  } finally {
    for (const till of tills) await till.proxy.close();
    await service.stop();
    await rm(root, { recursive: true, force: true });
  }
}

interface Round {
  /** What the lone till needed. */
  minimum: number;
  runs: TillRun[];
}

/** The lone till first (its requests are the minimum a till needs), then every other till at once. */
async function round(alone: Till, rushing: Till[], steps: (till: Till) => string[][]): Promise<Round> {
  const lone = await runTill(alone, steps(alone), performance.now());
  if (!lone.ok) throw new Error(`the lone till failed: ${lone.message}`);
  const start = performance.now();
  const runs = await Promise.all(rushing.map((till) => runTill(till, steps(till), start)));
  return { minimum: lone.requests, runs };
}

async function runTill(till: Till, steps: string[][], start: number): Promise<TillRun> {
  till.proxy.reset();
  let message = "";
  let ok = true;
  for (const args of steps) {
    const result = await runCli(["--data-dir", till.dataDir, ...args]);
    if (result.code !== 0) {
      ok = false;
      message = result.stderr.trim().split("\n").at(-1) ?? `exit ${result.code ?? result.signal}`;
      break;
    }
  }
  return {
    till,
    ok,
    message,
    ms: performance.now() - start,
    requests: till.proxy.requests(),
    refused: till.proxy.answered(429),
  };
}

/** Every till's catalog holds exactly the service's live products, each as of its last change. */
async function catalogsEqual(admin: Admin, ready: Ready, tills: Till[]): Promise<boolean> {
  const live = await patiently(() => admin.liveProducts());
  const differing = tills.filter((till) => {
    if (!existsSync(catalogFileFor(till.dataDir, ready.accountId))) return true;
    const local = localProducts(till.dataDir, ready.accountId);
    return local.size !== live.size || [...live].some(([id, at]) => local.get(id) !== at);
  });
  for (const till of differing) console.log(`  till ${till.name}: its catalog differs from the service's`);
  console.log(
    `  ${tills.length - differing.length} of ${tills.length} tills hold the service's catalog exactly.`,
  );
  return differing.length === 0;
}

/** A batch of changes as a shop's back office makes them: mostly edits, some new products, some removed. */
async function changeProducts(admin: Admin, changes: number): Promise<void> {
  const records = await patiently(() => admin.liveRecords());
  const created = Math.floor(changes / 10);
  const deleted = Math.floor(changes / 10);
  const updated = changes - created - deleted;
  for (let n = 0; n < updated; n++) {
    const record = records[(n * 7919) % records.length];
    if (record)
      await patiently(() => admin.updateProduct(record.id, { name: `${record.name} (new price list)` }));
  }
  for (let n = 0; n < created; n++) {
    await patiently(() => admin.createProduct({ name: `Opening-day special ${n + 1}` }));
  }
  for (const record of records.slice(-deleted)) await patiently(() => admin.deleteProduct(record.id));
}

/** The admin's own calls count against the account's rate limit too: wait out a 429 and go on. */
async function patiently<T>(call: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof Error && error.message.includes("-> 429"))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

function printHeading(options: Options): void {
  const limit =
    options.rateLimit === null ? "no rate limit" : `rate limit ${options.rateLimit} requests/s per account`;
  console.log(
    `Rush: ${options.tills} tills, ${options.products} products, ${limit}, page size ${options.pageSize}; ` +
      `Node ${process.version}, ${availableParallelism()} cores.`,
  );
}

function report(title: string, round: Round): void {
  console.log(`\n${title}`);
  console.log("  till  result  time     requests  429s");
  for (const run of round.runs) {
    const result = run.ok ? "ok    " : "FAILED";
    console.log(
      `  ${run.till.name.padEnd(4)}  ${result}  ${seconds(run.ms).padStart(7)}  ${String(run.requests).padStart(8)}  ${String(run.refused).padStart(4)}` +
        (run.ok ? "" : `  ${run.message}`),
    );
  }
  const requests = round.runs.reduce((sum, run) => sum + run.requests, 0);
  const minimum = round.minimum * round.runs.length;
  const refused = round.runs.reduce((sum, run) => sum + run.refused, 0);
  const times = round.runs.filter((run) => run.ok).map((run) => run.ms);
  const failed = round.runs.length - times.length;
  console.log(
    `  Requests: ${requests} for a minimum of ${minimum} (${round.minimum} a till): ${(requests / minimum).toFixed(2)}x; ` +
      `answered 429: ${refused}; tills that gave up: ${failed}.`,
  );
  console.log(
    `  Time to a complete catalog: p50 ${seconds(percentile(times, 50))}, p95 ${seconds(percentile(times, 95))}, ` +
      `max ${seconds(Math.max(...times))}.`,
  );
}

/** Nearest rank. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

interface Options {
  tills: number;
  products: number;
  rateLimit: number | null;
  changes: number;
  pageSize: number;
}

function parseFlags(): Options {
  const { values } = parseArgs({
    options: {
      tills: { type: "string", default: "10" },
      products: { type: "string", default: "10000" },
      "rate-limit": { type: "string" },
      changes: { type: "string", default: "100" },
      "page-size": { type: "string", default: "1000" },
    },
  });
  const whole = (flag: string, value: string, min: number, max: number) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max) {
      throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, not "${value}".`);
    }
    return number;
  };
  return {
    tills: whole("tills", values.tills, 1, 200),
    products: whole("products", values.products, 1, 1_000_000),
    rateLimit:
      values["rate-limit"] === undefined ? null : whole("rate-limit", values["rate-limit"], 1, 1_000_000),
    changes: whole("changes", values.changes, 0, 10_000),
    pageSize: whole("page-size", values["page-size"], 1, 5000),
  };
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exitCode = 2;
});
