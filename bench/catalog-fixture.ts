// A data directory holding a catalog of N demo products, built without HTTP straight through the
// catalog store's write path, beside the raw baseline store holding the same records: what the lookup,
// search and cold-start figures read. Built in a child process so a million generated records leave
// with it. A million takes minutes, so that size is kept between runs in the system's temp directory,
// under a key hashed from every source file that shapes the files; the report says when it was reused.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { catalogFileFor, openCatalogStore } from "../src/core/catalog/catalog-store.ts";
import { createJsonFileStore } from "../src/core/storage/json-file-store.ts";
import { generateDemoCatalog } from "../src/server/demo-catalog.ts";
import { productCodes } from "../src/shared/api/product-codes.ts";
import { sessionInfoSchema } from "../src/shared/catalog/session-info.ts";
import { type Side, spread, timed } from "./figure.ts";
import { assignBenchGroups, benchReferenceLists } from "./keys-fixture.ts";
import { openRawStore } from "./raw-store.ts";

export const fixtureAccount = "bench";
const pageSize = 1000;
const cacheRoot = join(tmpdir(), "pos-catalog-bench-cache");
/** Sizes at least this large are cached between runs. */
const cachedFrom = 1_000_000;

export interface Fixture {
  dir: string;
  count: number;
  storeFile: string;
  rawFile: string;
  /** Codes and names of live products, spread over the catalog. */
  codes: string[];
  names: string[];
  /** Writing every page through our store and through the raw store, interleaved page by page. */
  writes: { ours: Side; raw: Side; live: number };
  /** Set when the files come from an earlier run. */
  reusedFrom: string | null;
}

interface FixtureFacts {
  codes: string[];
  names: string[];
  writes: Fixture["writes"];
  builtAt: string;
}

export async function prepareFixture(count: number, log: (line: string) => void): Promise<Fixture> {
  const cached = count >= cachedFrom;
  const dir = cached
    ? join(cacheRoot, `${count}-${sourceHash()}`)
    : join(tmpdir(), `pos-catalog-bench-${process.pid}-${count}`);
  const factsFile = join(dir, "facts.json");
  let reusedFrom: string | null = null;
  if (cached && existsSync(factsFile)) {
    reusedFrom = (JSON.parse(readFileSync(factsFile, "utf8")) as FixtureFacts).builtAt;
    log(`catalog of ${count}: reusing the store built ${reusedFrom} in ${dir} (same sources)`);
  } else {
    if (cached) removeStaleCaches(count);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    log(
      `catalog of ${count}: building our store and the raw store (no HTTP)${cached ? `, kept in ${dir}` : ""}`,
    );
    const child = spawn(
      process.execPath,
      ["--max-old-space-size=12000", import.meta.filename, "--build", dir, String(count)],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    const [code] = (await once(child, "exit")) as [number | null];
    if (code !== 0) throw new Error(`building the catalog of ${count} failed (exit ${code})`);
  }
  const facts = JSON.parse(readFileSync(factsFile, "utf8")) as FixtureFacts;
  return {
    dir,
    count,
    storeFile: catalogFileFor(dir, fixtureAccount),
    rawFile: join(dir, "raw.sqlite"),
    codes: facts.codes,
    names: facts.names,
    writes: facts.writes,
    reusedFrom,
  };
}

/** Removes a fixture that is not kept between runs. */
export function disposeFixture(fixture: Fixture): void {
  if (!fixture.dir.startsWith(cacheRoot)) rmSync(fixture.dir, { recursive: true, force: true });
}

function removeStaleCaches(count: number): void {
  if (!existsSync(cacheRoot)) return;
  for (const name of readdirSync(cacheRoot)) {
    if (name.startsWith(`${count}-`)) rmSync(join(cacheRoot, name), { recursive: true, force: true });
  }
}

/** Every source file that decides what the two catalog files hold (the read path does not). */
function sourceHash(): string {
  const root = join(import.meta.dirname, "..");
  const files = [
    "src/core/catalog/catalog-connection.ts",
    "src/core/catalog/catalog-migrations.ts",
    "src/core/catalog/catalog-row.ts",
    "src/core/catalog/catalog-writes.ts",
    "src/core/catalog/record-shape.ts",
    "src/core/catalog/search-words.ts",
    "src/core/catalog/search-words-rebuild.ts",
    "src/core/catalog/typo-rules.ts",
    "src/core/catalog/stored-records.ts",
    "src/core/catalog/reference-tables.ts",
    "src/core/catalog/reference-writes.ts",
    "src/core/catalog/group-keys.ts",
    "src/core/catalog/group-keys-migration.ts",
    "src/core/catalog/search-words-sweep.ts",
    "src/shared/catalog/search-text.ts",
    "src/core/products-page.ts",
    "src/server/demo-catalog.ts",
    "src/server/demo-assortment.ts",
    "src/server/demo-article-draws.ts",
    "src/server/demo-shelf-prices.ts",
    "src/server/demo-product-groups.ts",
    "src/server/demo-taxes.ts",
    "src/server/demo-sale-cases.ts",
    "src/server/demo-counter-cases.ts",
    "src/shared/api/product.ts",
    "src/shared/barcode/gtin.ts",
    "bench/raw-store.ts",
    "bench/catalog-fixture.ts",
    "bench/keys-fixture.ts",
  ];
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update(readFileSync(join(root, file)));
  return hash.digest("hex").slice(0, 12);
}

async function build(dir: string, count: number): Promise<void> {
  const now = Date.UTC(2025, 0, 1);
  const products = generateDemoCatalog({ count, seed: 7, accountId: fixtureAccount, now });
  assignBenchGroups(products);
  const store = await openCatalogStore(catalogFileFor(dir, fixtureAccount), { clock: () => now });
  const raw = openRawStore(join(dir, "raw.sqlite"));
  const writes = { ours: { wallMs: 0, cpuMs: 0 }, raw: { wallMs: 0, cpuMs: 0 }, live: 0 };
  const add = (side: Side, taken: Side) => {
    side.wallMs += taken.wallMs;
    side.cpuMs += taken.cpuMs;
  };
  for (let start = 0; start < products.length; start += pageSize) {
    const page = products.slice(start, start + pageSize);
    add(
      writes.ours,
      await timed(() =>
        store.applyPage({
          received: page.map((product) => ({
            product,
            raw: product as Record<string, unknown>,
            unusable: [],
          })),
          rejected: [],
          removeReceived: false,
          generation: 1,
          syncState: { start },
        }),
      ),
    );
    const live = page.filter((product) => !product.deleted);
    writes.live += live.length;
    add(writes.raw, await timed(() => raw.writePages([live])));
    if (start % 100_000 === 0 && start > 0) process.stderr.write(`  ${start} written\n`);
  }
  const lists = benchReferenceLists(products);
  await store.saveReferenceList("taxes", lists.taxes, 0);
  await store.saveReferenceList("product_groups", lists.groups, 0);
  await store.saveReferenceList("favourites", lists.favourites, 0);
  await store.recountGroups();
  await store.close();
  raw.close();

  await createJsonFileStore(join(dir, "session.json"), sessionInfoSchema).write({
    method: "api-key",
    accountId: fixtureAccount,
    baseUrl: "http://127.0.0.1:9",
    account: { id: fixtureAccount, legacyId: null, name: "Benchmark" },
    subUser: { id: "bench", role: null, username: null },
    features: null,
    expiresAt: "2999-01-01T00:00:00.000Z",
    remembered: false,
    warnings: [],
  });
  const live = products.filter((product) => !product.deleted);
  const facts: FixtureFacts = {
    codes: spread(live, 2000).flatMap((product) => productCodes(product).slice(0, 1)),
    names: spread(live, 300).map((product) => product.name),
    writes,
    builtAt: new Date().toISOString(),
  };
  writeFileSync(join(dir, "facts.json"), JSON.stringify(facts));
}

if (process.argv[2] === "--build") await build(process.argv[3] ?? "", Number(process.argv[4]));
