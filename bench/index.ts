// `npm run bench -- [--quick] [--only NAMES] [--out FILE]`: every performance figure of the project,
// each beside a baseline measured in the same run (interleaved where the work allows), with wall and
// CPU time, as a table and optionally as JSON. The machine is shared and noisy: read the ratios.
//   --quick       small sizes, about three minutes, to try a change to the benchmarks. Leaves out
//                 sync-1m, the first sync of a million products (many minutes).
//   --only NAMES  comma-separated groups: lookup, search, keys, migrations, cold-start, sync, sync-1m, service, and
//                 the figures other files contribute (below).
//   --out FILE    the same figures as JSON, one key per figure with its unit in the name.
// A benchmark file listed in `contributed` is run in its own process when it exists, with --quick
// passed through; it prints its figures as one line `figures [Figure…]` (see bench/figure.ts).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startPostgresServer } from "../scripts/postgres-server.ts";
import { disposeFixture, type Fixture, prepareFixture } from "./catalog-fixture.ts";
import { coldStartFigures } from "./cold-start.ts";
import type { Figure } from "./figure.ts";
import { keysFigures } from "./keys.ts";
import { lookupFigures } from "./lookup.ts";
import { migrationFigures } from "./migrations.ts";
import { printTable, toJson } from "./report.ts";
import { searchFigures } from "./search.ts";
import { serviceNodeFigures } from "./service-nodes.ts";
import { type RunningService, startService } from "./service-process.ts";
import { serviceThroughputFigures } from "./service-throughput.ts";
import { fixtureBytesFigure } from "./storage-accounting.ts";
import { syncFigures } from "./sync.ts";
import { firstSyncFigures } from "./sync-1m.ts";

const contributed = [
  "lookup-during-sync",
  "scan-to-paint",
  "images",
  "serial-to-page",
  "camera-decode",
  "worker-start",
];
const groups = [
  "lookup",
  "search",
  "keys",
  "migrations",
  "cold-start",
  "sync",
  "sync-1m",
  "service",
  ...contributed,
];

/** The catalog of the first-sync figure at the size the product is made for. */
const largeSync = 1_000_000;

/** A real service's round trip from a till, at the near end of what shops see (30-150 ms). */
const farLatencyMs = 50;

const sizes = {
  full: { read: [100_000, 1_000_000], sync: 100_000, syncSmall: 20_000, syncRounds: 2, coldRounds: 7 },
  quick: { read: [5_000, 20_000], sync: 10_000, syncSmall: 2_000, syncRounds: 1, coldRounds: 3 },
};

/** Two nodes behind HAProxy against one (bench/service-nodes.ts). */
const nodePlans = {
  full: { products: 20_000, walkers: 4, rounds: 3, tills: 40 },
  quick: { products: 5_000, walkers: 2, rounds: 1, tills: 4 },
};

/** The same list throughput with the service on a throw-away PostgreSQL server (scripts/postgres-server.ts). */
async function postgresThroughputFigures(products: number, log: (line: string) => void): Promise<Figure[]> {
  log("starting a PostgreSQL server");
  const postgres = await startPostgresServer();
  try {
    const database = await postgres.createDatabase("bench");
    log(`starting the reference service with ${products} products on PostgreSQL`);
    const service = await startService(products, { flags: ["--database", database] });
    try {
      return await serviceThroughputFigures(service, 3, "postgres");
    } finally {
      await service.stop();
    }
  } finally {
    await postgres.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseFlags();
  const only = new Set(values.only?.split(",") ?? groups);
  for (const name of only) {
    if (!groups.includes(name))
      throw new UsageError(`Unknown group "${name}". Groups: ${groups.join(", ")}.`);
  }
  const plan = values.quick ? sizes.quick : sizes.full;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const figures: Figure[] = [];
  const notes: string[] = [];
  const startedAt = new Date().toISOString();
  const load = loadavg();

  const onFixture = ["lookup", "search", "keys", "migrations", "cold-start"];
  if (onFixture.some((name) => only.has(name))) {
    let largest: Fixture | undefined;
    for (const count of plan.read) {
      const fixture = await prepareFixture(count, log);
      if (fixture.reusedFrom)
        notes.push(`catalog of ${count} reused from ${fixture.reusedFrom} (same sources)`);
      else {
        const { ours, raw, live } = fixture.writes;
        notes.push(
          `catalog of ${count} written without HTTP: ours ${Math.round(ours.wallMs)} ms (cpu ${Math.round(ours.cpuMs)}), ` +
            `raw store ${Math.round(raw.wallMs)} ms (cpu ${Math.round(raw.cpuMs)}), ${live} live, interleaved by page`,
        );
      }
      figures.push(fixtureBytesFigure(fixture));
      if (only.has("lookup")) figures.push(...(await step(log, "lookup", () => lookupFigures(fixture))));
      if (only.has("search")) figures.push(...(await step(log, "search", () => searchFigures(fixture))));
      if (only.has("keys")) figures.push(...(await step(log, "keys", () => keysFigures(fixture))));
      if (only.has("migrations"))
        figures.push(...(await step(log, "migrations", () => migrationFigures(fixture, log))));
      if (largest) disposeFixture(largest);
      largest = fixture;
    }
    if (largest && only.has("cold-start")) {
      const fixture = largest;
      figures.push(...(await step(log, "cold start", () => coldStartFigures(fixture, plan.coldRounds))));
    }
    if (largest) disposeFixture(largest);
  }

  if (only.has("sync") || only.has("service")) {
    const services: RunningService[] = [];
    try {
      log(`starting the reference service with ${plan.sync} products`);
      const big = await startService(plan.sync);
      services.push(big);
      if (only.has("service")) {
        figures.push(...(await step(log, "service", () => serviceThroughputFigures(big, 3, "sqlite"))));
        figures.push(...(await step(log, "service", () => postgresThroughputFigures(plan.sync, log))));
      }
      if (only.has("sync")) {
        const small = await startService(plan.syncSmall);
        services.push(small);
        log(`starting the reference service with ${plan.sync} products, ${farLatencyMs} ms from the till`);
        const far = await startService(plan.sync, { latencyMs: farLatencyMs });
        services.push(far);
        figures.push(...(await step(log, "sync", () => syncFigures({ big, small, far }, plan.syncRounds))));
      }
    } finally {
      for (const service of services) await service.stop();
    }
  }

  if (only.has("service")) {
    const nodePlan = values.quick ? nodePlans.quick : nodePlans.full;
    const measured = await step(log, "service nodes", async () => {
      const result = await serviceNodeFigures(log, nodePlan);
      notes.push(...result.notes);
      return result.figures;
    });
    figures.push(...measured);
  }

  if (only.has("sync-1m")) {
    if (values.quick) notes.push("sync-1m: not run with --quick (a million products take many minutes)");
    else figures.push(...(await step(log, "sync-1m", () => largeFirstSync(log))));
  }

  for (const name of contributed) {
    const file = join(import.meta.dirname, `${name}.ts`);
    if (!only.has(name)) continue;
    if (!existsSync(file)) {
      notes.push(`${name}: bench/${name}.ts is not in this tree yet`);
      continue;
    }
    figures.push(...(await step(log, name, () => contributedFigures(file, values.quick ?? false, notes))));
  }

  const machine = {
    cores: availableParallelism(),
    node: process.version,
    load_average_at_start: load,
    load_average_at_end: loadavg(),
  };
  printTable(figures, notes, machine, (line) => process.stdout.write(`${line}\n`));
  if (values.out) {
    writeFileSync(
      values.out,
      `${JSON.stringify(toJson(figures, notes, machine, startedAt, values.quick), null, 2)}\n`,
    );
    log(`figures written to ${values.out}`);
  }
}

async function largeFirstSync(log: (line: string) => void): Promise<Figure[]> {
  log(`starting the reference service with ${largeSync} products`);
  const service = await startService(largeSync);
  try {
    return await firstSyncFigures(service);
  } finally {
    await service.stop();
  }
}

async function step(
  log: (line: string) => void,
  name: string,
  run: () => Promise<Figure[]>,
): Promise<Figure[]> {
  log(`measuring ${name}…`);
  const started = performance.now();
  const result = await run();
  log(`  ${name} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Runs a contributed benchmark file and takes the figures from its `figures […]` line. */
async function contributedFigures(file: string, quick: boolean, notes: string[]): Promise<Figure[]> {
  const child = spawn(process.execPath, [file, ...(quick ? ["--quick"] : [])], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${file} failed (exit ${code})`);
  const line = out.split("\n").find((text) => text.startsWith("figures "));
  if (line !== undefined) return JSON.parse(line.slice("figures ".length)) as Figure[];
  // A file that reports in its own words still reaches the log; only its figures miss the table.
  process.stderr.write(out);
  notes.push(`${file} printed its own report (above), no "figures [...]" line for the table`);
  return [];
}

class UsageError extends Error {}

function parseFlags() {
  try {
    return parseArgs({
      options: { quick: { type: "boolean" }, out: { type: "string" }, only: { type: "string" } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`${error.message}\nUsage: npm run bench -- [--quick] [--only GROUPS] [--out FILE]\n`);
  process.exitCode = 2;
}
