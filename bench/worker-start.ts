// `node bench/worker-start.ts [--quick]`, also run by `npm run bench`: what a sync costs when its
// worker thread loads the TypeScript sources (as the till in a browser and the tests once did) against
// the bundle of them (src/cli/bundled-workers.ts), each a real sync of a small catalog from the
// reference service, interleaved. CPU is this process's, every thread's (the worker's included).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { bundledWorkers } from "../src/cli/bundled-workers.ts";
import { openCatalog } from "../src/core/app/index.ts";
import { type Figure, median, type Side, timed } from "./figure.ts";
import { startService } from "./service-process.ts";

const products = 200;

export async function workerStartFigures(options: { rounds: number }): Promise<Figure[]> {
  const upstream = await startService(products);
  const sources = new URL("../src/core/workers/sync-worker.ts", import.meta.url);
  const { sync: bundle } = await bundledWorkers();
  const dataDir = await mkdtemp(join(tmpdir(), "bench-worker-start-"));
  try {
    const times = { sources: [] as Side[], bundle: [] as Side[] };
    for (let round = 0; round < options.rounds; round++) {
      times.sources.push(await syncOnce(upstream.ready, sources, join(dataDir, `s${round}`)));
      times.bundle.push(await syncOnce(upstream.ready, bundle, join(dataDir, `b${round}`)));
    }
    const cpu = (sides: Side[]) => median(sides.map((side) => side.cpuMs));
    const wall = (sides: Side[]) => median(sides.map((side) => side.wallMs));
    const side = (sides: Side[]): Side => ({ wallMs: wall(sides), cpuMs: cpu(sides) });
    return [
      {
        key: "sync_in_worker_cpu_200_ms",
        label: `CPU of a sync of ${products} products in a worker, median of ${options.rounds}`,
        unit: "ms",
        value: cpu(times.bundle),
        baselineLabel: "the same sync, the worker loading the .ts sources",
        baseline: cpu(times.sources),
        goal: "below the baseline",
        ours: side(times.bundle),
        base: side(times.sources),
      },
    ];
  } finally {
    await upstream.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One full sync into a new data directory, its worker started from `worker`. */
async function syncOnce(
  ready: { baseUrl: string; organisation: string; username: string; password: string },
  worker: URL,
  dataDir: string,
): Promise<Side> {
  const service = openCatalog({ dataDir, sync: { worker }, pictures: "in-process" });
  try {
    await service.start();
    await service.changeSettings({ syncIntervalMinutes: 0, images: { enabled: false, capMegabytes: 500 } });
    const { baseUrl, organisation, username, password } = ready;
    await service.signInOrganisation({ baseUrl, organisation, username, password, remember: false });
    await service.cancelSync();
    while ((await service.status()).sync.running) await new Promise((resolve) => setTimeout(resolve, 20));
    const run = await timed(() => service.startSync({ mode: "full" }));
    if (run.result.received < products * 0.9)
      throw new Error(`the sync received only ${run.result.received}`);
    return { wallMs: run.wallMs, cpuMs: run.cpuMs };
  } finally {
    await service.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { quick: { type: "boolean" } } });
  const figures = await workerStartFigures({ rounds: values.quick ? 3 : 9 });
  for (const figure of figures) {
    process.stderr.write(
      `${figure.label}: ${figure.value.toFixed(0)} ms vs ${figure.baseline?.toFixed(0)} ms (${figure.baselineLabel}); ` +
        `wall ${figure.ours?.wallMs.toFixed(0)} vs ${figure.base?.wallMs.toFixed(0)} ms\n`,
    );
  }
  process.stdout.write(`figures ${JSON.stringify(figures)}\n`);
}
