// `node bench/images.ts [--quick] [--pictures-in process|thread]`, also run by `npm run bench` (group
// "images"): the product picture cache against the reference service over loopback, in this process
// (the service in its own).
//  - download rate: a till's first picture run after a full sync (hash, bytes and records in SQLite),
//    in pictures/s, against a bare fetch of the same URLs, as many at a time, bytes discarded: each in
//    a fresh worker thread (the picture worker's module as a thread, beside a bare fetch in one), both
//    on this thread (also in MB/s), and each in a fresh process, as the CLI's `images sync` runs;
//  - the sync's own time with pictures on and off: the app's catalog service, a full sync into a fresh
//    folder, rounds interleaved, timed until the sync answers (the pictures follow it);
//  - scan latency on the main thread while the pictures download, against the same scans once idle;
//    the app's picture runs in a process of its own, as the apps run them (or, `--pictures-in thread`,
//    in a worker thread of the same process).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { bundledWorkers } from "../src/cli/bundled-workers.ts";
import { wireCatalog } from "../src/core/app/catalog-wiring.ts";
import { type CatalogApp, openCatalog } from "../src/core/app/index.ts";
import { catalogFileFor } from "../src/core/catalog/catalog-store.ts";
import { recordDecoder, type StoredRecord } from "../src/core/catalog/stored-records.ts";
import { imageSourcesOf } from "../src/core/images/image-urls.ts";
import { dataDirStores } from "../src/core/storage/data-dir-stores.ts";
import { forkedWorker } from "../src/core/workers/forked-worker.ts";
import type { WorkerModule } from "../src/core/workers/worker-handle.ts";
import { bareFetch, bareFetchInWorker, bareHttpGet } from "./bare-fetch.ts";
import { type Figure, percentile, type Side, sizeName, spread, timed } from "./figure.ts";
import { inFreshProcess } from "./fresh-process.ts";
import type { PictureRunInput, PictureRunKind, PictureRunResult } from "./picture-run.ts";
import { type Ready, type RunningService, startService } from "./service-process.ts";

/** As many downloads at once as the cache runs (image-cache.ts). */
const concurrency = 4;

async function scratchDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "bench-images-"));
}

/** Every picture URL and a spread of codes the synced catalog file holds. */
function catalogContents(dataDir: string, accountId: string): { urls: string[]; codes: string[] } {
  const db = new Database(catalogFileFor(dataDir, accountId), { readonly: true });
  try {
    const rows = db.prepare("SELECT shape, record FROM products WHERE deleted = 0").all() as StoredRecord[];
    const decoder = recordDecoder(db);
    const urls = rows.flatMap((row) =>
      imageSourcesOf(decoder.value(row, "images")).map((source) => source.url),
    );
    const codes = (
      db.prepare("SELECT code FROM product_codes ORDER BY rowid").pluck().all() as string[]
    ).slice();
    return { urls, codes: spread(codes, 200) };
  } finally {
    db.close();
  }
}

/**
 * Where a picture run and its baseline are timed: on this thread (the CLI's runs), or each in a fresh
 * worker thread, as the app's picture runs are: there neither side starts with code compiled by an
 * earlier pass, as the bare fetch on this thread does after its untimed one.
 */
type Where = "thread" | "worker";

/**
 * A till signed in to the service with its catalog synced through the core, as `login` + `sync` do,
 * and the picture URLs the catalog names. `close` removes it.
 */
export async function syncedTill(upstream: RunningService, imageWorker?: WorkerModule) {
  const dataDir = await scratchDir();
  const { core, session } = wireCatalog({ dataDir, ...dataDirStores(dataDir), clock: Date.now, imageWorker });
  const close = async () => {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const { baseUrl, organisation, username, password } = upstream.ready;
    await session.signInOrganisation({ baseUrl, organisation, username, password, remember: false });
    await core.sync({ full: true, pageSize: 1000 });
    return { core, urls: catalogContents(dataDir, upstream.ready.accountId).urls, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A till's first sync and picture run through the catalog core, as `sync` + `images sync` do. */
async function downloadRate(upstream: RunningService, where: Where): Promise<Figure[]> {
  const imageWorker =
    where === "worker"
      ? { worker: new URL("../src/core/workers/image-worker.ts", import.meta.url) }
      : undefined;
  const { core, urls, close } = await syncedTill(upstream, imageWorker);
  try {
    // Once untimed: the service draws each picture on its first request, and neither side should pay that.
    await bareFetch(urls, concurrency);
    const base = await timed(() =>
      where === "thread" ? bareFetch(urls, concurrency) : bareFetchInWorker(urls, concurrency),
    );
    const ours = await timed(() => core.images.run({ download: true }));
    // On this thread only, and after the run, whose HTTP code it would otherwise compile for it: the
    // same URLs with a bare `http.get`, the floor for the cache's own client.
    const floor = where === "thread" ? await timed(() => bareHttpGet(urls, concurrency)) : null;
    const summary = ours.result;
    if (summary === null || summary.fetched !== urls.length || summary.failed > 0) {
      throw new Error(`the picture run fetched ${summary?.fetched} of ${urls.length}`);
    }
    const size = sizeName(upstream.products);
    const side = (run: Side) => ({ wallMs: run.wallMs, cpuMs: run.cpuMs });
    const perSecond = (count: number, run: Side) => count / (run.wallMs / 1000);
    if (where === "worker") {
      return [
        {
          key: `picture_download_worker_${size}_per_s`,
          label: `pictures downloaded into the cache by the picture worker in a worker thread, ${urls.length} of a ${size} catalog`,
          unit: "pictures/s",
          value: perSecond(summary.fetched, ours),
          baselineLabel: `bare fetch of the same URLs in a fresh worker thread, ${concurrency} at a time, nothing kept`,
          baseline: perSecond(urls.length, base),
          goal: ">= 0.8x the baseline",
          ours: side(ours),
          base: side(base),
        },
      ];
    }
    const floorFigure: Figure[] =
      floor === null
        ? []
        : [
            {
              key: `picture_bare_http_get_${size}_per_s`,
              label: `bare http.get of the same URLs on this thread, keep-alive, ${concurrency} at a time, nothing kept`,
              unit: "pictures/s",
              value: perSecond(urls.length, floor),
              baselineLabel: "bare fetch of the same URLs on this thread",
              baseline: perSecond(urls.length, base),
              goal: "",
              ours: side(floor),
              base: side(base),
            },
          ];
    return [
      ...floorFigure,
      {
        key: `picture_download_${size}_per_s`,
        label: `pictures downloaded into the cache on this thread, ${urls.length} of a ${size} catalog`,
        unit: "pictures/s",
        value: perSecond(summary.fetched, ours),
        baselineLabel: `bare fetch of the same URLs on this thread after an untimed one, ${concurrency} at a time, nothing kept`,
        baseline: perSecond(urls.length, base),
        goal: "",
        ours: side(ours),
        base: side(base),
      },
      {
        key: `picture_download_${size}_mb_per_s`,
        label: `picture bytes downloaded into the cache on this thread (${(summary.downloadedBytes / 1e6).toFixed(1)} MB)`,
        unit: "MB/s",
        value: summary.downloadedBytes / 1e6 / (ours.wallMs / 1000),
        baselineLabel: "bare fetch of the same URLs on this thread",
        baseline: base.result / 1e6 / (base.wallMs / 1000),
        goal: "",
        ours: side(ours),
        base: side(base),
      },
    ];
  } finally {
    await close();
  }
}

/**
 * The CLI's way: `images sync` runs in a process of its own, so here each side does too
 * (bench/picture-run.ts), timed once its modules are loaded: neither starts with compiled code.
 */
async function downloadRateInProcesses(upstream: RunningService): Promise<Figure[]> {
  const { core, urls, dataDir, close } = await syncedTill(upstream);
  try {
    // Once untimed: the service draws each picture on its first request, and neither side should pay that.
    await bareFetch(urls, concurrency);
    // The picture run's process opens the catalog itself.
    await core.close();
    const urlsFile = join(dataDir, "picture-urls.json");
    await writeFile(urlsFile, JSON.stringify(urls));
    const input: PictureRunInput = { ...upstream.ready, dataDir, urlsFile, lanes: concurrency };
    const script = join(import.meta.dirname, "picture-run.ts");
    const run = (kind: PictureRunKind) =>
      inFreshProcess<PictureRunResult>(script, [kind, JSON.stringify(input)], `the ${kind} picture run`);
    const base = await run("bare");
    const ours = await run("ours");
    if (ours.fetched !== urls.length)
      throw new Error(`the picture run fetched ${ours.fetched} of ${urls.length}`);
    const size = sizeName(upstream.products);
    return [
      {
        key: `picture_download_process_${size}_per_s`,
        label: `pictures downloaded into the cache in a fresh process, as the CLI's images sync, ${urls.length} of a ${size} catalog`,
        unit: "pictures/s",
        value: ours.fetched / (ours.wallMs / 1000),
        baselineLabel: `bare fetch of the same URLs in a fresh process, ${concurrency} at a time, nothing kept`,
        baseline: urls.length / (base.wallMs / 1000),
        goal: ">= 0.8x the baseline",
        ours: { wallMs: ours.wallMs, cpuMs: ours.cpuMs },
        base: { wallMs: base.wallMs, cpuMs: base.cpuMs },
      },
    ];
  } finally {
    await close();
  }
}

/** The app's catalog service over a fresh folder, signed in, its own first sync cancelled. */
async function openApp(
  ready: Ready,
  pictures: boolean,
  picturesIn: PicturesIn,
): Promise<{ service: CatalogApp; dataDir: string }> {
  const dataDir = await scratchDir();
  // The workers bundled, as the desktop app ships them (electron-vite) and `npm run ui` starts them.
  const workers = await bundledWorkers();
  const service = openCatalog({
    dataDir,
    sync: { worker: workers.sync, create: forkedWorker },
    pictures:
      picturesIn === "thread"
        ? { worker: workers.pictures }
        : { worker: workers.pictures, create: forkedWorker },
  });
  await service.start();
  await service.changeSettings({ syncIntervalMinutes: 0, images: { enabled: pictures, capMegabytes: 500 } });
  service.onSyncProgress(() => undefined);
  service.onStatusChanged(() => undefined);
  const { baseUrl, organisation, username, password } = ready;
  await service.signInOrganisation({ baseUrl, organisation, username, password, remember: true });
  await service.cancelSync();
  while ((await service.status()).sync.running) await sleep(20);
  return { service, dataDir };
}

async function closeApp(app: { service: CatalogApp; dataDir: string }): Promise<void> {
  await app.service.close();
  await rm(app.dataDir, { recursive: true, force: true });
}

/** Scans every 2 ms while `busy` holds (at least `minimum`), each timed from when it was due. */
async function scanWhile(
  service: CatalogApp,
  codes: readonly string[],
  busy: () => boolean,
  minimum: number,
) {
  const latencies: number[] = [];
  const cpu = process.threadCpuUsage();
  const began = performance.now();
  let due = performance.now();
  for (let index = 0; latencies.length < minimum || busy(); index++) {
    due += 2;
    await sleep(Math.max(0, due - performance.now()));
    const called = performance.now();
    await service.lookup({ code: codes[index % codes.length] as string });
    latencies.push(performance.now() - Math.min(due, called));
    if (performance.now() > due + 2) due = performance.now();
  }
  const used = process.threadCpuUsage(cpu);
  return { latencies, side: { wallMs: performance.now() - began, cpuMs: (used.user + used.system) / 1000 } };
}

/** Full syncs with pictures on and off, interleaved; with them on, scans timed while they download. */
async function syncAndScans(
  upstream: RunningService,
  rounds: number,
  picturesIn: PicturesIn,
): Promise<Figure[]> {
  const runs: Record<"on" | "off", Side[]> = { on: [], off: [] };
  let scans: {
    busy: Awaited<ReturnType<typeof scanWhile>>;
    quiet: Awaited<ReturnType<typeof scanWhile>>;
  } | null = null;
  for (let round = 0; round < rounds; round++) {
    // Each round in the other order, so neither side always runs second.
    const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
    for (const mode of order) {
      const app = await openApp(upstream.ready, mode === "on", picturesIn);
      try {
        const sync = await timed(() => app.service.startSync({ mode: "full" }));
        runs[mode].push({ wallMs: sync.wallMs, cpuMs: sync.cpuMs });
        if (mode === "off" || scans !== null) continue;
        const { codes } = catalogContents(app.dataDir, upstream.ready.accountId);
        // Followed through the status events the window gets, not by asking: asking costs the scans.
        let running = true;
        const stop = app.service.onStatusChanged((status) => {
          running = status.images.running;
        });
        const busy = await scanWhile(app.service, codes, () => running, 200);
        stop();
        if ((await app.service.status()).images.cached === 0) throw new Error("no picture was downloaded");
        const quiet = await scanWhile(app.service, codes, () => false, 2000);
        scans = { busy, quiet };
      } finally {
        await closeApp(app);
      }
    }
  }
  const best = (sides: Side[]) => sides.reduce((a, b) => (a.wallMs <= b.wallMs ? a : b));
  const [on, off] = [best(runs.on), best(runs.off)];
  const size = sizeName(upstream.products);
  const figures: Figure[] = [
    {
      key: `full_sync_${size}_pictures_on_ms`,
      label: `app's full sync of ${size} with pictures on, until it answers (best of ${rounds})`,
      unit: "ms",
      value: on.wallMs,
      baselineLabel: "the same with pictures off",
      baseline: off.wallMs,
      goal: "unchanged (within noise)",
      ours: on,
      base: off,
    },
  ];
  if (scans !== null) {
    figures.push({
      key: `lookup_during_pictures_p99_${size}_ms`,
      label: `scan p99 on the main thread while the pictures of ${size} download (${picturesIn === "thread" ? "worker thread" : "picture process"})`,
      unit: "ms",
      value: percentile(scans.busy.latencies, 0.99),
      baselineLabel: "the same scans once the pictures are done",
      baseline: percentile(scans.quiet.latencies, 0.99),
      goal: "within 2x of the baseline and under 5 ms",
      ours: scans.busy.side,
      base: scans.quiet.side,
    });
  }
  return figures;
}

/** Where the app runs its picture runs: a process of its own, as the apps do, or a worker thread. */
type PicturesIn = "process" | "thread";

export async function imageFigures(options: {
  products: number;
  rounds: number;
  picturesIn?: PicturesIn;
}): Promise<Figure[]> {
  const upstream = await startService(options.products);
  try {
    return [
      ...(await downloadRate(upstream, "worker")),
      ...(await downloadRate(upstream, "thread")),
      ...(await downloadRateInProcesses(upstream)),
      ...(await syncAndScans(upstream, options.rounds, options.picturesIn ?? "process")),
    ];
  } finally {
    await upstream.stop();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { quick: { type: "boolean" }, products: { type: "string" }, "pictures-in": { type: "string" } },
  });
  const products = Number(values.products ?? (values.quick ? 2_000 : 20_000));
  const picturesIn = values["pictures-in"] ?? "process";
  if (picturesIn !== "process" && picturesIn !== "thread") {
    process.stderr.write(`--pictures-in takes process or thread, not ${picturesIn}.\n`);
    process.exit(2);
  }
  const figures = await imageFigures({ products, rounds: values.quick ? 2 : 4, picturesIn });
  for (const figure of figures) {
    process.stderr.write(
      `${figure.label}: ${figure.value.toFixed(2)} ${figure.unit} vs ${figure.baseline?.toFixed(2)} (${figure.baselineLabel}); ` +
        `wall/CPU ${figure.ours?.wallMs.toFixed(0)}/${figure.ours?.cpuMs.toFixed(0)} ms vs ` +
        `${figure.base?.wallMs.toFixed(0)}/${figure.base?.cpuMs.toFixed(0)} ms\n`,
    );
  }
  process.stdout.write(`figures ${JSON.stringify(figures)}\n`);
}
