// `npm run soak -- --minutes M [--seed S]`: the sync under a long random beating. A reference service
// on loopback injects faults into 10% of product-list answers; each cycle changes its catalog (creates,
// updates, deletes, also inside long runs of equal updated_at), then syncs it with the real CLI as a
// child process, incremental or full, at random page sizes, SIGKILLing it at random moments and
// resuming. After every cycle the local catalog must equal the service's live catalog (ids and
// updated_at) and pass PRAGMA integrity_check. Prints cycles, faults, kills and mismatches; exits 1
// on any mismatch.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { catalogFileFor } from "../src/core/catalog/catalog-store.ts";
import { createRandom, type Random } from "../src/server/faults/seeded-random.ts";
import { type RunningService, startService } from "../src/server/service.ts";
import { startMisbehavingUpstream } from "../test/support/misbehaving-upstream.ts";
import { adminApi } from "../test/support/service-fixtures.ts";
import { makeEqualTimestampRuns, stampAsOneInstant } from "./equal-timestamp-runs.ts";

const cliPath = new URL("../src/cli/start.mjs", import.meta.url).pathname;
const faults = {
  rate: 0.1,
  kinds: ["500", "503", "429", "reset", "truncated"],
  retryAfterSeconds: 0,
} as const;

const { values } = parseArgs({ options: { minutes: { type: "string" }, seed: { type: "string" } } });
const minutes = Number(values.minutes ?? 1);
const seed = Number(values.seed ?? Date.now() % 1_000_000);
if (!(minutes > 0) || !Number.isInteger(seed)) {
  process.stderr.write("Usage: npm run soak -- --minutes M [--seed S]   (M > 0, S a whole number)\n");
  process.exit(2);
}

const random = createRandom(seed);
const work = mkdtempSync(join(tmpdir(), "catalog-soak-"));
const database = join(work, "service.sqlite");
const dataDir = join(work, "data");
const tally = { cycles: 0, syncs: 0, kills: 0, failedSyncs: 0, mismatches: 0, changes: 0 };
/** Why syncs that ended with exit 2 stopped: message -> times. */
const failures = new Map<string, number>();

// The demo catalog, then every product grouped into runs of 40 sharing one updated_at.
await (await startService({ port: 0, database, demoProducts: 600, seed })).close();
makeEqualTimestampRuns(database, 40);
let service = await startService({
  port: 0,
  database,
  faults: { ...faults, seed, kinds: [...faults.kinds] },
});
const port = Number(new URL(service.baseUrl).port);
const upstream = await startMisbehavingUpstream(service.baseUrl);
const { accountId } = service.demo;

try {
  await runCli(["login", ...loginArgs(service)]);
  const deadline = Date.now() + minutes * 60_000;
  while (Date.now() < deadline) {
    tally.cycles += 1;
    await changeCatalog(service, random);
    // Now and then a bulk change: many products stamped with one new instant (service stopped).
    if (random.chance(0.25)) service = await withBulkChange(service);
    await syncWithKills(random);
    const problem = await compare(service);
    if (problem !== null) {
      tally.mismatches += 1;
      process.stderr.write(`cycle ${tally.cycles}: MISMATCH ${problem}\n`);
    }
  }
} finally {
  await upstream.close();
  await service.close();
  rmSync(work, { recursive: true, force: true });
}

process.stdout.write(
  `soak: ${tally.cycles} cycles, ${tally.syncs} syncs, ${upstream.failures()} faults injected, ` +
    `${tally.kills} kills, ${tally.failedSyncs} syncs failed and retried, ${tally.changes} catalog changes, ` +
    `${tally.mismatches} mismatches (seed ${seed}, ${minutes} min)\n`,
);
for (const [reason, times] of failures) process.stdout.write(`  ${times} x exit 2: ${reason}\n`);
process.exitCode = tally.mismatches === 0 ? 0 : 1;

function loginArgs(running: RunningService): string[] {
  const { organisation, username, password } = running.demo;
  return [
    "--base-url",
    upstream.baseUrl,
    "--organisation",
    organisation,
    "--username",
    username,
    "--password",
    password,
  ];
}

/** Creates, updates (inside runs too) and deletes a few products through the service's own API. */
async function changeCatalog(running: RunningService, rng: Random): Promise<void> {
  running.setFaults(null);
  const admin = await adminApi(running);
  const live = await admin.liveRecords();
  const count = rng.int(1, 12);
  for (let i = 0; i < count; i++) {
    const pick = live[rng.int(0, live.length - 1)];
    const roll = rng.int(0, 9);
    if (roll < 3 || pick === undefined)
      await admin.createProduct({ name: `Soak product ${tally.cycles}-${i}` });
    else if (roll < 8) await admin.updateProduct(pick.id, { name: `${pick.name} *` });
    else await admin.deleteProduct(pick.id);
  }
  tally.changes += count;
  running.setFaults({ ...faults, seed: seed + tally.cycles, kinds: [...faults.kinds] });
}

async function withBulkChange(running: RunningService): Promise<RunningService> {
  await running.close();
  const share = random.int(5, 40) / 100;
  stampAsOneInstant(database, (ids) => ids.filter(() => random.chance(share)));
  const restarted = await startService({
    port,
    database,
    faults: { ...faults, seed, kinds: [...faults.kinds] },
  });
  return restarted;
}

/** Syncs until one run finishes: some runs are killed at a random moment, each with its own page size. */
async function syncWithKills(rng: Random): Promise<void> {
  const full = rng.chance(0.2);
  for (let attempt = 0; attempt < 20; attempt++) {
    const killAfterMs = attempt < 3 && rng.chance(0.5) ? rng.int(20, 1500) : null;
    const size = String(rng.chance(0.2) ? rng.int(100, 1000) : rng.int(1, 60));
    const args = ["sync", "--page-size", size, ...(full && attempt === 0 ? ["--full"] : [])];
    tally.syncs += 1;
    const result = await runCli(args, killAfterMs);
    if (result === "killed") tally.kills += 1;
    else if (result.code === 0) return;
    else {
      tally.failedSyncs += 1;
      const reason = result.stderr.trim().split("\n").at(-1) ?? "";
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    }
  }
  throw new Error("20 sync attempts in a row did not finish");
}

function runCli(args: string[], killAfterMs: number | null = null) {
  return new Promise<{ code: number; stderr: string } | "killed">((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, "--data-dir", dataDir, ...args], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, CATALOG_PASSWORD: "" },
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === "SIGKILL") return resolve("killed");
      if (code !== 0 && args[0] === "login") return reject(new Error(`login failed: ${stderr}`));
      if (code !== 0 && code !== 2) return reject(new Error(`sync exited ${code}: ${stderr}`));
      if (/Something went wrong inside/.test(stderr)) return reject(new Error(`a bug: ${stderr}`));
      resolve({ code: code ?? 2, stderr });
    });
  });
}

/** null when the local catalog equals the service's live catalog and the file is intact. */
async function compare(running: RunningService): Promise<string | null> {
  running.setFaults(null);
  const server = new Map(
    (await (await adminApi(running)).liveRecords()).map((p) => [p.id, p.updated_at.unix]),
  );
  running.setFaults({ ...faults, seed: seed + tally.cycles + 7, kinds: [...faults.kinds] });
  const db = new Database(catalogFileFor(dataDir, accountId), { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") return `integrity_check: ${integrity}`;
    const rows = db.prepare("SELECT id, updated_at FROM products WHERE deleted = 0").all() as {
      id: string;
      updated_at: number;
    }[];
    const local = new Map(rows.map((row) => [row.id, row.updated_at]));
    const missing = [...server.keys()].filter((id) => !local.has(id));
    const extra = [...local.keys()].filter((id) => !server.has(id));
    const stale = [...server].filter(([id, at]) => local.has(id) && local.get(id) !== at);
    if (missing.length + extra.length + stale.length === 0) return null;
    return `${missing.length} missing, ${extra.length} extra, ${stale.length} stale of ${server.size}`;
  } finally {
    db.close();
  }
}
