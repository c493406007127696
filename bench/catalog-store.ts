// How fast the local catalog takes pages and answers a cashier, at 100,000 products.
// Run: npx node bench/catalog-store.ts [count]
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openCatalogStore } from "../src/core/catalog/catalog-store.ts";
import { generateDemoCatalog } from "../src/server/demo-catalog.ts";
import { type Product, productCodes } from "../src/shared/api/product.ts";

const count = Number(process.argv[2] ?? 100_000);
const pageSize = 1000;
const products = generateDemoCatalog({ count, seed: 7, accountId: "bench", now: Date.UTC(2025, 0, 1) });
const dir = mkdtempSync(join(tmpdir(), "catalog-bench-"));
const file = join(dir, "catalog.sqlite");

try {
  const store = await openCatalogStore(file);
  console.log(`${products.length} products, pages of ${pageSize}`);
  await applyAll(store, 1, "first sync");
  await applyAll(store, 2, "full re-sync (unchanged)");
  console.log(
    `finishFullSync: ${JSON.stringify(await store.finishFullSync({ generation: 2, syncState: {} }))}`,
  );
  console.log(
    `file: ${(statSync(file).size / 1e6).toFixed(0)} MB, counts ${JSON.stringify(await store.counts())}`,
  );

  const codes = sample(
    products.filter((item) => !item.deleted).flatMap((item) => productCodes(item)),
    2000,
  );
  await report("lookupCode (known codes)", codes, (code) => store.lookupCode(code));
  await report(
    "lookupCode (unknown codes)",
    codes.map((code) => `9${code}9`),
    (code) => store.lookupCode(code),
  );
  const names = sample(products, 500).map((item) => item.name);
  await report("search (a full name)", names, (text) => store.search(text, 20));
  await report("search (two words, reversed)", names.map(twoWordsReversed), (text) => store.search(text, 20));
  await report("search (one common 3-letter word)", ["the", "ola", "ice", "pro", "ber"], (text) =>
    store.search(text, 20),
  );
  await report("search (1-2 characters)", ["a", "b", "co", "sh", "12", "40"], (text) =>
    store.search(text, 20),
  );
  await report(
    "search (partial barcode)",
    codes.slice(0, 500).map((code) => code.slice(2, 9)),
    (text) => store.search(text, 20),
  );
  await report(
    "counts",
    Array.from({ length: 20 }, () => ""),
    () => store.counts(),
  );
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function applyAll(
  store: Awaited<ReturnType<typeof openCatalogStore>>,
  generation: number,
  label: string,
) {
  const started = performance.now();
  const pageTimes: number[] = [];
  for (let start = 0; start < products.length; start += pageSize) {
    const page = products.slice(start, start + pageSize);
    const pageStarted = performance.now();
    await store.applyPage({
      received: page.map((product) => ({ product, raw: product as Record<string, unknown> })),
      rejected: [],
      removeReceived: false,
      generation,
      syncState: { start },
    });
    pageTimes.push(performance.now() - pageStarted);
  }
  const seconds = (performance.now() - started) / 1000;
  const pages = pageTimes.length;
  console.log(
    `${label}: ${(pages / seconds).toFixed(1)} pages/s, ${((pages * pageSize) / seconds).toFixed(0)} products/s, ` +
      `page median ${percentile(pageTimes, 0.5).toFixed(1)} ms, p99 ${percentile(pageTimes, 0.99).toFixed(1)} ms`,
  );
}

async function report<T>(label: string, inputs: T[], run: (input: T) => Promise<unknown>) {
  const times: number[] = [];
  for (const input of inputs) {
    const started = performance.now();
    await run(input);
    times.push(performance.now() - started);
  }
  console.log(
    `${label}: median ${percentile(times, 0.5).toFixed(3)} ms, p99 ${percentile(times, 0.99).toFixed(3)} ms, ` +
      `max ${Math.max(...times).toFixed(3)} ms (${times.length} runs)`,
  );
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/** A deterministic spread over the list (the catalog is already seeded-random). */
function sample<T>(items: T[], size: number): T[] {
  const step = Math.max(1, Math.floor(items.length / size));
  return items.filter((_, index) => index % step === 0).slice(0, size);
}

function twoWordsReversed(name: Product["name"]): string {
  return name.split(" ").slice(0, 2).reverse().join(" ");
}
