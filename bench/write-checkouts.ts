// `node bench/write-checkouts.ts PRODUCTS FOLDER...`: a first sync's writes without the service and
// its HTTP (which take minutes to seed a million products), for two versions of the code: each FOLDER is a
// checkout of the project (its own node_modules or a link to these; `.` for this one) whose catalog
// store writes the same demo catalog, pages of 1,000 committed eight at a time as a sync commits
// them, in a fresh process per run. Prints a line per run: the writes' wall and CPU time, the file's
// size and the load average. For example, a change against its parent commit, twice interleaved:
//
//   mkdir /tmp/before && git archive HEAD~1 | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/
//   node bench/write-checkouts.ts 1000000 /tmp/before . /tmp/before .
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { inFreshProcess } from "./fresh-process.ts";

interface WriteRun {
  wallMs: number;
  cpuMs: number;
  fileBytes: number;
}

const pageSize = 1000;
const pagesACommit = 8;

/** The child's side: FOLDER's store writes COUNT demo products into a fresh file. */
async function writeOnce(folder: string, count: number): Promise<WriteRun> {
  const { openCatalogStore } = await import(join(folder, "src/core/catalog/catalog-store.ts"));
  const { generateDemoCatalog } = await import(join(folder, "src/server/demo/demo-catalog.ts"));
  const { livePage } = await import(join(folder, "test/support/product-records.ts"));
  const products = generateDemoCatalog({ count, seed: 7, accountId: "bench", now: Date.UTC(2025, 0, 1) });
  const pages = [];
  for (let start = 0; start < products.length; start += pageSize)
    pages.push(livePage(products.slice(start, start + pageSize), 1, { start }));
  const dir = mkdtempSync(join(tmpdir(), "write-checkouts-"));
  try {
    const file = join(dir, "catalog.sqlite");
    const store = await openCatalogStore(file);
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let index = 0; index < pages.length; index += pagesACommit)
      await store.applyPages(pages.slice(index, index + pagesACommit));
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    await store.close();
    return { wallMs, cpuMs: (used.user + used.system) / 1000, fileBytes: statSync(file).size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [first = "", ...rest] = process.argv.slice(2);
if (first === "--one") {
  const [folder = ".", count = "0"] = rest;
  process.stdout.write(`${JSON.stringify(await writeOnce(resolve(folder), Number(count)))}\n`);
} else {
  const count = Number(first);
  if (!Number.isInteger(count) || count < 1 || rest.length === 0) {
    process.stderr.write("Usage: node bench/write-checkouts.ts PRODUCTS FOLDER...\n");
    process.exit(2);
  }
  // A million generated records need more than Node's default heap.
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=12000`;
  for (const folder of rest) {
    const run = await inFreshProcess<WriteRun>(
      import.meta.filename,
      ["--one", folder, String(count)],
      `the writes of ${folder}`,
    );
    const line = `${folder} wall ${Math.round(run.wallMs)} ms, cpu ${Math.round(run.cpuMs)} ms, file ${run.fileBytes} B`;
    process.stdout.write(`${line}, load ${loadavg()[0]?.toFixed(1)}\n`);
  }
}
