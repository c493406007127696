// `node bench/sync-checkouts.ts PRODUCTS [--latency MS] RUN...`: syncs of two versions of the code,
// interleaved against one reference service, so a change is measured against the code before it on
// the same machine at the same moment. Each RUN is `ours`, `raw` or `bare` (bench/sync-run.ts), optionally
// `@FOLDER`: another checkout of the project (its own node_modules or a link to these), whose code
// syncs instead of this one's. Each sync runs in a fresh process into a fresh folder and prints its
// line of bench/sync-run.ts with the catalog file's size (ours) and the load average. `--latency MS` delays every answer of the service,
// as one that far away would (bench/sync.ts's far sync uses 50). For example, a change against its
// parent commit:
//
//   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
//   node bench/sync-checkouts.ts 100000 ours@/tmp/before ours ours@/tmp/before ours raw
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { catalogFileFor } from "../src/core/catalog/catalog-store.ts";
import { startService } from "./service-process.ts";
import { syncRun } from "./sync.ts";
import type { SyncKind } from "./sync-run.ts";

const kinds = new Set<string>(["ours", "raw", "bare"]);

const usage = "Usage: node bench/sync-checkouts.ts PRODUCTS [--latency MS] (ours|raw|bare)[@FOLDER]...\n";

function refuse(problem: string): never {
  process.stderr.write(`${problem}\n${usage}`);
  process.exit(2);
}

function parseRun(text: string): { kind: SyncKind; runner: string | undefined } {
  const [kind = "", folder] = text.split("@");
  if (!kinds.has(kind)) refuse(`"${text}" is not a run: ours, raw or bare, optionally @FOLDER.`);
  return {
    kind: kind as SyncKind,
    runner: folder === undefined ? undefined : join(folder, "bench", "sync-run.ts"),
  };
}

const [productsText = "", ...rest] = process.argv.slice(2);
const products = Number(productsText);
if (!Number.isInteger(products) || products < 1) refuse(`"${productsText}" is not a number of products.`);
const latencyText = rest[0] === "--latency" ? (rest[1] ?? "") : "0";
const latencyMs = Number(latencyText);
if (!Number.isInteger(latencyMs) || latencyMs < 0)
  refuse(`"${latencyText}" is not a number of milliseconds.`);
const runTexts = rest[0] === "--latency" ? rest.slice(2) : rest;
if (runTexts.length === 0) refuse("Name at least one run.");
const runs = runTexts.map(parseRun);
const service = await startService(products, { latencyMs });
const scratch = mkdtempSync(join(tmpdir(), "sync-checkouts-"));
try {
  for (const [index, run] of runs.entries()) {
    const dir = join(scratch, String(index));
    const result = await syncRun(run.kind, service, dir, run.runner);
    // The catalog file a sync of ours leaves, so two versions' files can be compared too.
    const file = catalogFileFor(dir, service.ready.accountId);
    const size = run.kind === "ours" && existsSync(file) ? ` file ${statSync(file).size} B` : "";
    process.stdout.write(
      `${runTexts[index]} ${JSON.stringify(result)}${size} load ${loadavg()[0]?.toFixed(1)}\n`,
    );
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  await service.stop();
  rmSync(scratch, { recursive: true, force: true });
}
