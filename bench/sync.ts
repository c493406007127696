// A till's first sync over loopback HTTP from the reference service, each run in a fresh process:
// ours against the raw store fed by a bare fetch walk, and against that walk alone, interleaved
// round by round. From the same runs: peak memory (and against a smaller catalog), the incremental
// sync after 1% of the products changed as a share of the full one, and bytes on disk per product.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { catalogFileFor } from "../src/core/catalog/catalog-store.ts";
import { type Figure, sizeName } from "./figure.ts";
import { inFreshProcess } from "./fresh-process.ts";
import { adminToken, type RunningService } from "./service-process.ts";
import { fileBytes, storageFigures } from "./storage-accounting.ts";
import type { SyncKind, SyncRunInput, SyncRunResult } from "./sync-run.ts";

const pageSize = 1000;

export async function syncFigures(
  services: { big: RunningService; small: RunningService; far: RunningService },
  rounds: number,
): Promise<Figure[]> {
  const { big, small, far } = services;
  const scratch = mkdtempSync(join(tmpdir(), "sync-bench-"));
  try {
    const runs: Record<SyncKind, SyncRunResult[]> = { bare: [], raw: [], ours: [] };
    let dirs = { ours: "", raw: "" };
    for (let round = 0; round < rounds; round++) {
      dirs = { ours: join(scratch, `ours-${round}`), raw: join(scratch, `raw-${round}`) };
      runs.bare.push(await syncRun("bare", big, join(scratch, `bare-${round}`)));
      runs.raw.push(await syncRun("raw", big, dirs.raw));
      runs.ours.push(await syncRun("ours", big, dirs.ours));
    }
    const [bare, raw, ours] = [fastest(runs.bare), fastest(runs.raw), fastest(runs.ours)];
    // The same catalog from a service far away: the whole sync against the fetch walk alone, which
    // pays the round trips too; the walk asks for the next page as soon as one arrives, as ours does.
    const farRuns: Record<"bare" | "ours", SyncRunResult[]> = { bare: [], ours: [] };
    for (let round = 0; round < rounds; round++) {
      farRuns.bare.push(await syncRun("bare", far, join(scratch, `far-bare-${round}`)));
      farRuns.ours.push(await syncRun("ours", far, join(scratch, `far-ours-${round}`)));
    }
    const [farBare, farOurs] = [fastest(farRuns.bare), fastest(farRuns.ours)];
    const oursSmall = await syncRun("ours", small, join(scratch, "ours-small"));
    // How much the raw store's own peak grows with the catalog: what SQLite needs, not our code.
    const rawSmall = await syncRun("raw", small, join(scratch, "raw-small"));

    const live = raw.received;
    const oursFile = catalogFileFor(dirs.ours, big.ready.accountId);
    // As many incremental syncs as full ones, each after another 1% changed, and the best of them:
    // both sides of the ratio are read the same way.
    let changed = 0;
    const incrementals: SyncRunResult[] = [];
    for (let round = 0; round < rounds; round++) {
      changed = await changeOnePercent(big, join(dirs.raw, "raw.sqlite"));
      incrementals.push(await syncRun("ours", big, dirs.ours));
    }
    const incremental = fastest(incrementals);

    const size = sizeName(big.products);
    const side = (run: SyncRunResult) => ({ wallMs: run.wallMs, cpuMs: run.cpuMs });
    // The slower of what the link allows and what the local work takes: the best a sync can do.
    const farFloor = farBare.wallMs >= ours.wallMs ? farBare : ours;
    return [
      {
        key: `full_sync_${size}_at_${far.latencyMs}ms_ms`,
        label: `full sync of ${size}, service ${far.latencyMs} ms away (best of ${rounds})`,
        unit: "ms",
        value: farOurs.wallMs,
        baselineLabel:
          farFloor === farBare
            ? `bare fetch walk at ${far.latencyMs} ms (slower than our sync at 0 ms)`
            : `our sync at 0 ms (slower than the bare walk at ${far.latencyMs} ms)`,
        baseline: farFloor.wallMs,
        goal: "<= 1.15x",
        ours: side(farOurs),
        base: side(farFloor),
      },
      {
        key: `full_sync_${size}_at_${far.latencyMs}ms_vs_walk_ms`,
        label: `full sync of ${size}, service ${far.latencyMs} ms away (best of ${rounds})`,
        unit: "ms",
        value: farOurs.wallMs,
        baselineLabel: `bare fetch walk at ${far.latencyMs} ms`,
        baseline: farBare.wallMs,
        goal: "",
        ours: side(farOurs),
        base: side(farBare),
      },
      ...storageFigures(oursFile, live, size),
      {
        key: `full_sync_${size}_ms`,
        label: `full sync of ${size} (best of ${rounds})`,
        unit: "ms",
        value: ours.wallMs,
        baselineLabel: "raw store, same SQLite settings and commits",
        baseline: raw.wallMs,
        goal: "<= 1.15x",
        ours: side(ours),
        base: side(raw),
      },
      {
        key: `full_sync_vs_fetch_${size}_ms`,
        label: `full sync of ${size} (best of ${rounds})`,
        unit: "ms",
        value: ours.wallMs,
        baselineLabel: "bare fetch walk, no parsing",
        baseline: bare.wallMs,
        goal: "",
        ours: side(ours),
        base: side(bare),
      },
      {
        key: `peak_rss_sync_${size}_mb`,
        label: `peak RSS syncing ${size}`,
        unit: "MB",
        value: ours.peakRssMb,
        baselineLabel: "raw store sync",
        baseline: raw.peakRssMb,
        goal: "< 200 MB",
      },
      {
        key: `peak_heap_sync_${size}_mb`,
        label: `peak V8 heap syncing ${size} (part of the RSS)`,
        unit: "MB",
        value: ours.peakHeapMb,
        baselineLabel: "raw store sync",
        baseline: raw.peakHeapMb,
        goal: "",
      },
      {
        key: `peak_rss_sync_${size}_vs_${sizeName(small.products)}_mb`,
        label: `peak RSS syncing ${size}`,
        unit: "MB",
        value: ours.peakRssMb,
        baselineLabel: `ours syncing ${sizeName(small.products)}`,
        baseline: oursSmall.peakRssMb,
        goal: "within 20%",
      },
      {
        key: `peak_rss_raw_sync_${size}_vs_${sizeName(small.products)}_mb`,
        label: `peak RSS of the raw store syncing ${size}`,
        unit: "MB",
        value: raw.peakRssMb,
        baselineLabel: `raw store syncing ${sizeName(small.products)}`,
        baseline: rawSmall.peakRssMb,
        goal: "",
      },
      {
        key: `incremental_sync_1pct_${size}_ms`,
        label: `incremental sync, ${changed} changed (1%), best of ${rounds}`,
        unit: "ms",
        value: incremental.wallMs,
        baselineLabel: "our full sync",
        baseline: ours.wallMs,
        goal: "< 3% of full",
        ours: side(incremental),
        base: side(ours),
      },
      {
        key: `bytes_per_product_${size}_b`,
        label: `bytes on disk per product (JSON: ${Math.round(bare.bytes / live)})`,
        unit: "B",
        value: fileBytes(oursFile) / live,
        baselineLabel: "raw store file",
        baseline: fileBytes(join(dirs.raw, "raw.sqlite")) / live,
        goal: "<= 1500 B",
      },
      {
        key: `bytes_per_product_${sizeName(small.products)}_b`,
        label: `bytes on disk per product after a first sync of ${sizeName(small.products)}`,
        unit: "B",
        value:
          fileBytes(catalogFileFor(join(scratch, "ours-small"), small.ready.accountId)) / rawSmall.received,
        baselineLabel: "raw store file",
        baseline: fileBytes(join(scratch, "raw-small", "raw.sqlite")) / rawSmall.received,
        goal: "<= 1500 B",
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function fastest(runs: SyncRunResult[]): SyncRunResult {
  return runs.reduce((a, b) => (a.wallMs <= b.wallMs ? a : b));
}

/** `runner`: another checkout's bench/sync-run.ts, to run that checkout's code (bench/sync-checkouts.ts). */
export async function syncRun(
  kind: SyncKind,
  service: RunningService,
  dataDir: string,
  runner = join(import.meta.dirname, "sync-run.ts"),
): Promise<SyncRunResult> {
  const input: SyncRunInput = { ...service.ready, dataDir, pageSize };
  return inFreshProcess<SyncRunResult>(runner, [kind, JSON.stringify(input)], `the ${kind} sync`);
}

/** Updates every hundredth live product through the service, so the next sync has 1% to fetch. */
async function changeOnePercent(service: RunningService, rawFile: string): Promise<number> {
  const db = new BetterSqlite3(rawFile, { readonly: true });
  const ids = db.prepare("SELECT id FROM raw_products WHERE seq % 100 = 0").pluck().all() as string[];
  db.close();
  const { token, account } = await adminToken(service.ready);
  for (const id of ids) {
    const response = await fetch(`${service.ready.baseUrl}/api/v1/products/${account}/${id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ summary: "Changed by the benchmark" }),
    });
    if (!response.ok) throw new Error(`updating product ${id} failed: HTTP ${response.status}`);
    await response.arrayBuffer();
  }
  return ids.length;
}
