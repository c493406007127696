// `node bench/lookup-during-sync.ts [--quick] [--products N] [--sync-in process|thread]`, also run by
// `npm run bench`: scan latency on the main side of the desktop app while a full sync runs in a
// process of its own, as the app runs it (or, `--sync-in thread`, in a worker thread of the same
// process, as it did before), against the same scans with no sync, in the same run. A scan is timed
// from the moment it was due (a timer every 2 ms) to its answer, so time the main thread spends busy
// with anything else (sync messages, progress, status events) counts against it. CPU times are the
// main thread's own (process.threadCpuUsage), the worker's work left out.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { bundledWorkers } from "../src/cli/bundled-workers.ts";
import { type CatalogApp, openCatalog } from "../src/core/app/index.ts";
import { catalogFileFor } from "../src/core/catalog/catalog-store.ts";
import { forkedWorker } from "../src/core/workers/forked-worker.ts";
import { type Figure, percentile, type Side, sizeName, spread } from "./figure.ts";
import { startService } from "./service-process.ts";

const intervalMs = 2;

interface Sample {
  /** From when the scan was due to its answer. */
  latencies: number[];
  /** From the call to its answer: the lookup alone. */
  calls: number[];
  side: Side;
}

/** Scans every 2 ms until `until` says stop (at least `minimum` of them), each timed from when it was due. */
async function scanWhile(
  service: CatalogApp,
  codes: readonly string[],
  until: () => boolean,
  minimum: number,
): Promise<Sample> {
  const latencies: number[] = [];
  const calls: number[] = [];
  const cpu = process.threadCpuUsage();
  const began = performance.now();
  let due = performance.now();
  for (let index = 0; latencies.length < minimum || !until(); index++) {
    due += intervalMs;
    const wait = due - performance.now();
    await sleep(Math.max(0, wait));
    // A scan that could not even start on time is as late as its answer.
    const code = codes[index % codes.length] as string;
    const called = performance.now();
    if ((await service.lookup({ code })).match === null) throw new Error(`no product for ${code}`);
    const answered = performance.now();
    // Node's timers count whole milliseconds, so a scan may start a little before it was due: then
    // it is timed from its start (a negative wait would hide the time of the call itself).
    latencies.push(answered - Math.min(due, called));
    calls.push(answered - called);
    if (performance.now() > due + intervalMs) due = performance.now();
  }
  const used = process.threadCpuUsage(cpu);
  return {
    latencies,
    calls,
    side: { wallMs: performance.now() - began, cpuMs: (used.user + used.system) / 1000 },
  };
}

/** 200 codes spread over the catalog, read straight from its file. */
export function heldCodes(dataDir: string, accountId: string): string[] {
  const db = new Database(catalogFileFor(dataDir, accountId), { readonly: true });
  try {
    const rows = db.prepare("SELECT code FROM product_codes ORDER BY rowid").all() as { code: string }[];
    return spread(
      rows.map((row) => row.code),
      200,
    );
  } finally {
    db.close();
  }
}

export async function lookupDuringSyncFigures(options: {
  products: number;
  syncIn?: "process" | "thread";
}): Promise<Figure[]> {
  const upstream = await startService(options.products);
  const dataDir = await mkdtemp(join(tmpdir(), "bench-lookup-during-sync-"));
  // The workers bundled, as the desktop app ships them (electron-vite) and `npm run ui` starts them.
  const workers = await bundledWorkers();
  const where = options.syncIn === "thread" ? "worker thread" : "sync process";
  const service = openCatalog({
    dataDir,
    sync:
      options.syncIn === "thread" ? { worker: workers.sync } : { worker: workers.sync, create: forkedWorker },
    pictures: { worker: workers.pictures },
  });
  try {
    await service.start();
    // Pictures off: they would download after the untimed sync, under the quiet scans (bench/images.ts
    // measures scans while pictures download).
    await service.changeSettings({ syncIntervalMinutes: 0, images: { enabled: false, capMegabytes: 500 } });
    // The app's own listeners, as the shell forwards them to the window.
    service.onSyncProgress(() => undefined);
    service.onStatusChanged(() => undefined);
    const { baseUrl, organisation, username, password } = upstream.ready;
    await service.signInOrganisation({ baseUrl, organisation, username, password, remember: true });
    await service.cancelSync();
    // The catalog the scans read: one full sync first, untimed.
    while ((await service.status()).sync.running) await sleep(50);
    await service.startSync({ mode: "full" });
    const codes = heldCodes(dataDir, upstream.ready.accountId);
    if (codes.length === 0) throw new Error("the synced catalog holds no barcodes");

    const quiet = await scanWhile(service, codes, () => true, 2000);
    let syncing = true;
    const sync = service.startSync({ mode: "full" }).finally(() => {
      syncing = false;
    });
    const busy = await scanWhile(service, codes, () => !syncing, 200);
    const summary = await sync;
    if (summary.received < options.products * 0.9)
      throw new Error(`the sync received only ${summary.received}`);

    const size = sizeName(options.products);
    const baselineLabel = "the same scans with no sync running";
    return [
      {
        key: `lookup_during_sync_p99_${size}_ms`,
        label: `scan p99 during a full sync of ${size} (${where})`,
        unit: "ms",
        value: percentile(busy.latencies, 0.99),
        baselineLabel,
        baseline: percentile(quiet.latencies, 0.99),
        goal: "within 2x of the baseline and under 5 ms",
        ours: busy.side,
        base: quiet.side,
      },
      {
        key: `lookup_call_during_sync_p99_${size}_ms`,
        label: `lookup call p99 during a full sync of ${size}`,
        unit: "ms",
        value: percentile(busy.calls, 0.99),
        baselineLabel,
        baseline: percentile(quiet.calls, 0.99),
        goal: "within 2x of the baseline",
        ours: busy.side,
        base: quiet.side,
      },
      {
        key: `lookup_during_sync_p50_${size}_ms`,
        label: `scan p50 during a full sync of ${size} (${where})`,
        unit: "ms",
        value: percentile(busy.latencies, 0.5),
        baselineLabel,
        baseline: percentile(quiet.latencies, 0.5),
        goal: "close to the baseline",
        ours: busy.side,
        base: quiet.side,
      },
    ];
  } finally {
    await service.close();
    await upstream.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { quick: { type: "boolean" }, products: { type: "string" }, "sync-in": { type: "string" } },
  });
  const products = Number(values.products ?? (values.quick ? 10_000 : 100_000));
  const syncIn = values["sync-in"] ?? "process";
  if (syncIn !== "process" && syncIn !== "thread") {
    process.stderr.write(`--sync-in takes process or thread, not ${syncIn}.\n`);
    process.exit(2);
  }
  const figures = await lookupDuringSyncFigures({ products, syncIn });
  for (const figure of figures) {
    process.stderr.write(
      `${figure.label}: ${figure.value.toFixed(3)} ms vs ${figure.baseline?.toFixed(3)} ms (${figure.baselineLabel}); ` +
        `main thread wall/CPU ${figure.ours?.wallMs.toFixed(0)}/${figure.ours?.cpuMs.toFixed(0)} ms vs ` +
        `${figure.base?.wallMs.toFixed(0)}/${figure.base?.cpuMs.toFixed(0)} ms\n`,
    );
  }
  process.stdout.write(`figures ${JSON.stringify(figures)}\n`);
}
