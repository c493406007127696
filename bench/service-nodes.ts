// The service as a chain runs it: two nodes over one PostgreSQL database behind HAProxy
// (scripts/load-balancer.ts), against one node on the same database, measured in the same run.
// - List throughput: `walkers` clients at once each walk the whole catalog (pages of 1,000, following
//   cursor.next), through the balancer and then straight to one node; best of `rounds`. Every page's
//   results must be identical both ways, and no answer may be an error.
// - First syncs: `tills` tills (the CLI's catalog core, each in its own process, bench/sync-run.ts) sync
//   the whole catalog through the balancer at once; every till's catalog must equal the service's.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startLoadBalancer } from "../scripts/load-balancer.ts";
import { startPostgresServer } from "../scripts/postgres-server.ts";
import { localProducts } from "../test/support/service-fixtures.ts";
import type { Figure } from "./figure.ts";
import { inFreshProcess } from "./fresh-process.ts";
import { type Ready, type RunningService, startService } from "./service-process.ts";
import type { SyncRunInput, SyncRunResult } from "./sync-run.ts";

const pageSize = 1000;

interface WalkResult {
  products: number;
  errors: number;
  /** A digest of each page's results, by page number. */
  pages: string[];
}

async function walkAll(start: string, headers: Record<string, string>): Promise<WalkResult> {
  const result: WalkResult = { products: 0, errors: 0, pages: [] };
  let url: string | undefined = start;
  while (url) {
    const response = await fetch(url, { headers });
    if (!response.ok) {
      result.errors += 1;
      await response.text();
      continue;
    }
    const page = (await response.json()) as { count: number; results: unknown[]; cursor: { next?: string } };
    result.products += page.count;
    result.pages.push(createHash("sha256").update(JSON.stringify(page.results)).digest("hex"));
    url = page.cursor.next;
  }
  return result;
}

/** `walkers` walks at once from `baseUrl`: products a second over all of them, errors, page digests. */
async function walkers(baseUrl: string, ready: Ready, token: string, count: number) {
  const start = `${baseUrl}/api/v1/products/${ready.legacyId}?size=${pageSize}&deleted=false`;
  const headers = { authorization: `Bearer ${token}` };
  const began = performance.now();
  const walks = await Promise.all(Array.from({ length: count }, () => walkAll(start, headers)));
  const seconds = (performance.now() - began) / 1000;
  const products = walks.reduce((sum, walk) => sum + walk.products, 0);
  return {
    perSecond: products / seconds,
    errors: walks.reduce((sum, walk) => sum + walk.errors, 0),
    pages: walks.map((walk) => walk.pages.join(",")),
  };
}

async function keyToken(baseUrl: string, ready: Ready): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/users/auth/key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: ready.accountId, api_key: ready.apiKey }),
  });
  if (!response.ok) throw new Error(`key login failed: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** The service's live catalog, walked once: id -> updated_at. */
async function serviceCatalog(baseUrl: string, ready: Ready, token: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let url: string | undefined = `${baseUrl}/api/v1/products/${ready.legacyId}?size=5000&deleted=false`;
  while (url) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const page = (await response.json()) as {
      results: { id: string; updated_at: { iso: string } }[];
      cursor: { next?: string };
    };
    for (const product of page.results) found.set(product.id, product.updated_at.iso);
    url = page.cursor.next;
  }
  return found;
}

function sameCatalog(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([id, at]) => b.get(id) === at);
}

async function firstSyncs(url: string, ready: Ready, tills: number, expected: Map<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "bench-tills-"));
  try {
    const began = performance.now();
    // Settled, not all: a till that fails is counted, and the others still finish before the cleanup.
    const settled = await Promise.allSettled(
      Array.from({ length: tills }, (_, index) => {
        const input: SyncRunInput = {
          ...ready,
          baseUrl: url,
          dataDir: join(root, `till-${index}`),
          pageSize,
        };
        const script = join(import.meta.dirname, "sync-run.ts");
        return inFreshProcess<SyncRunResult>(script, ["ours", JSON.stringify(input)], `till ${index}`);
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const equal = settled.filter(
      (run, index) =>
        run.status === "fulfilled" &&
        sameCatalog(localProducts(join(root, `till-${index}`), ready.accountId), expected),
    ).length;
    const failed = settled.filter((run) => run.status === "rejected").length;
    const cpuMs = settled.reduce((sum, run) => sum + (run.status === "fulfilled" ? run.value.cpuMs : 0), 0);
    return { seconds, equal, failed, cpuMs };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function serviceNodeFigures(
  log: (line: string) => void,
  plan: { products: number; walkers: number; rounds: number; tills: number },
): Promise<{ figures: Figure[]; notes: string[] }> {
  const postgres = await startPostgresServer();
  const nodes: RunningService[] = [];
  try {
    const database = await postgres.createDatabase("bench_nodes");
    log(`two nodes on PostgreSQL with ${plan.products} products`);
    // Every till signs in as the demo admin from one address at the same moment: each sign-in counts
    // as failed while it is checked (login-throttle.ts), so 40 at once would meet the default limits
    // of failed sign-ins, per user and per address. Raised here: the figure is the nodes' throughput.
    const flags = [
      "--database",
      database,
      "--login-user-failures",
      "1000",
      "--login-address-failures",
      "100000",
    ];
    nodes.push(await startService(plan.products, { flags }));
    nodes.push(await startService(plan.products, { flags }));
    const [first, second] = nodes as [RunningService, RunningService];
    const balancer = await startLoadBalancer({ nodes: [first.ready.baseUrl, second.ready.baseUrl] });
    try {
      const ready = first.ready;
      const token = await keyToken(first.ready.baseUrl, ready);
      const best = { one: 0, two: 0 };
      let errors = 0;
      let identical = true;
      // One walk each way first, not counted: every node's page cache then holds the catalog, so
      // neither side is measured reading pages the other side's walk already brought into memory.
      await walkers(first.ready.baseUrl, ready, token, plan.walkers);
      await walkers(balancer.url, ready, token, plan.walkers);
      for (let round = 1; round <= plan.rounds; round++) {
        const one = await walkers(first.ready.baseUrl, ready, token, plan.walkers);
        const two = await walkers(balancer.url, ready, token, plan.walkers);
        best.one = Math.max(best.one, one.perSecond);
        best.two = Math.max(best.two, two.perSecond);
        errors += one.errors + two.errors;
        identical &&= [...one.pages, ...two.pages].every((pages) => pages === one.pages[0]);
      }
      const load = loadavg()[0]?.toFixed(2);
      log(`syncing ${plan.tills} tills at once through the balancer`);
      const expected = await serviceCatalog(balancer.url, ready, token);
      const syncs = await firstSyncs(balancer.url, ready, plan.tills, expected);
      const size = `${plan.products / 1000}k`;
      return {
        figures: [
          {
            key: `service_two_nodes_list_${size}_products_per_s`,
            label: `list throughput, two nodes behind HAProxy, ${plan.walkers} clients at once (best of ${plan.rounds})`,
            unit: "products/s",
            value: best.two,
            baselineLabel: "one node on the same PostgreSQL",
            baseline: best.one,
            goal: ">= 1.0x, zero errors, identical pages",
          },
          {
            key: `service_two_nodes_${plan.tills}_tills_first_sync_${size}_s`,
            label: `${plan.tills} tills' first sync of ${size} at once through two nodes`,
            unit: "s",
            value: syncs.seconds,
            baselineLabel: "",
            baseline: null,
            goal: `every catalog equal to the service's (${plan.tills})`,
          },
        ],
        notes: [
          `two nodes: ${errors} error answers; pages ${identical ? "identical" : "DIFFERENT"} through the balancer and one node; load ${load} during the walks`,
          `${plan.tills} tills: ${syncs.equal} of ${plan.tills} catalogs equal to the service's, ${syncs.failed} syncs failed; their CPU ${Math.round(syncs.cpuMs)} ms in all; load ${loadavg()[0]?.toFixed(2)} at the end`,
        ],
      };
    } finally {
      await balancer.stop();
    }
  } finally {
    for (const node of nodes) await node.stop();
    await postgres.stop();
  }
}

/** `node bench/service-nodes.ts [--quick]`: these figures alone, as JSON lines. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes("--quick");
  const plan = quick
    ? { products: 5_000, walkers: 2, rounds: 1, tills: 4 }
    : { products: 20_000, walkers: 4, rounds: 3, tills: 40 };
  const result = await serviceNodeFigures((line) => process.stderr.write(`${line}\n`), plan);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
