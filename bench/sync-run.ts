// One sync in a fresh process, so its time, CPU and peak memory are its own. Three kinds:
//   ours  the catalog core's sync (HTTP client, parsing, checks, our store), as the till runs it;
//   raw   a bare fetch walk, JSON.parse and the raw store, pages committed in batches as ours are,
//         the next page fetched while a batch commits;
//   bare  the same fetch walk, reading the text only: what the service and loopback allow at all.
// Prints one JSON line: { wallMs, cpuMs, peakRssMb, peakHeapMb, received, bytes }.
// Run by bench/sync.ts: node bench/sync-run.ts KIND '{"baseUrl":…,"dataDir":…}'
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openCliCatalog } from "../src/cli/open-catalog.ts";
import { batchPages, batchRecords } from "../src/core/sync/page-batches.ts";
import { openRawStore, type RawRecord } from "./raw-store.ts";
import { adminToken } from "./service-process.ts";

export type SyncKind = "ours" | "raw" | "bare";

export interface SyncRunInput {
  baseUrl: string;
  organisation: string;
  username: string;
  password: string;
  dataDir: string;
  pageSize: number;
}

export interface SyncRunResult {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  /** The most the V8 heap held at one time, sampled every 50 ms: how much of the peak is JavaScript. */
  peakHeapMb: number;
  received: number;
  /** Bytes of JSON received (raw and bare only). */
  bytes: number;
}

type Walked = Pick<SyncRunResult, "received" | "bytes">;

async function oursSync(input: SyncRunInput): Promise<() => Promise<Walked>> {
  const catalog = openCliCatalog(input.dataDir);
  await catalog.start();
  await catalog.signInOrganisation({ ...input, remember: false });
  // The core loads the sync engine on the first sync. Loaded here, before the clock starts, the
  // figure is the sync itself and not Node's TypeScript stripper, which the CLI never loads: it runs
  // a bundle built from the sources (src/cli/built-entry.mjs).
  await import("../src/core/sync/catalog-file-sync.ts");
  return async () => {
    const summary = await catalog.startSync({ mode: "incremental", pageSize: input.pageSize });
    await catalog.close();
    return { received: summary.received, bytes: 0 };
  };
}

async function walkSync(input: SyncRunInput, store: boolean): Promise<() => Promise<Walked>> {
  const { token, account } = await adminToken(input);
  const headers = { authorization: `Bearer ${token}` };
  const pageText = async (page: number) =>
    (
      await fetch(
        `${input.baseUrl}/api/v1/products/${account}?deleted=false&size=${input.pageSize}&page=${page}`,
        {
          headers,
        },
      )
    ).text();
  return async () => {
    mkdirSync(input.dataDir, { recursive: true });
    const raw = store ? openRawStore(join(input.dataDir, "raw.sqlite")) : null;
    let received = 0;
    let bytes = 0;
    let next = pageText(0);
    let batch: RawRecord[][] = [];
    for (let page = 0; ; page++) {
      const text = await next;
      next = pageText(page + 1);
      bytes += Buffer.byteLength(text);
      let inPage: number;
      if (raw === null) {
        // Counting records without parsing them keeps this a measure of the service and transport.
        inPage = text.split('"updated_at":{').length - 1;
      } else {
        const results = (JSON.parse(text) as { results: RawRecord[] }).results;
        batch.push(results);
        inPage = results.length;
        if (batch.length >= batchPages || batch.length * input.pageSize >= batchRecords) {
          raw.writePages(batch);
          batch = [];
        }
      }
      received += inPage;
      if (inPage < input.pageSize) break;
    }
    raw?.writePages(batch);
    await next;
    raw?.close();
    return { received, bytes };
  };
}

async function main(): Promise<void> {
  const kind = process.argv[2] as SyncKind;
  const input = JSON.parse(process.argv[3] ?? "{}") as SyncRunInput;
  const run = kind === "ours" ? await oursSync(input) : await walkSync(input, kind === "raw");
  let peakHeap = 0;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapTotal);
  }, 50);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { received, bytes } = await run();
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  const used = process.cpuUsage(cpu);
  const result: SyncRunResult = {
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: peakHeap / 2 ** 20,
    received,
    bytes,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  // Idle keep-alive sockets would hold the process open.
  process.exit(0);
}

await main();
