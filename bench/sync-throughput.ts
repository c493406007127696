// A till's first sync, end to end (HTTP, parsing, SQLite), against the reference service running in
// its own process. Baseline, measured in the same run: the same pages walked with bare fetch and no
// parsing or storage, the most any client could get from this service on this machine.
// Run: npm run bench:sync [-- PRODUCTS]   (default 100,000)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { openCatalog } from "../src/cli/open-catalog.ts";

const count = Number(process.argv[2] ?? 100_000);
const pageSize = 1000;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const rate = (items: number, ms: number) => Math.round((items * 1000) / ms).toLocaleString("en-GB");

const service = spawn(process.execPath, ["src/server/cli.ts", "--port", "0", "--demo", String(count)], {
  stdio: ["ignore", "pipe", "inherit"],
});
const [line] = (await once(createInterface({ input: service.stdout }), "line")) as [string];
const demo = JSON.parse(line.replace(/^ready /, ""));
const dataDir = mkdtempSync(join(tmpdir(), "sync-bench-"));

try {
  const baseline = await bareWalk();
  console.log(
    `service holds ${baseline.products} live products (${mb(baseline.bytes)} of JSON at size ${pageSize})`,
  );
  console.log(
    `baseline  bare fetch walk: ${rate(baseline.products, baseline.ms)} products/s (${baseline.ms.toFixed(0)} ms)`,
  );

  const { session, core } = openCatalog(dataDir);
  await session.signInOrganisation({ ...demo, remember: false });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const started = performance.now();
  const summary = await core.sync({
    pageSize,
    onProgress: () => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    },
  });
  const syncMs = performance.now() - started;
  console.log(
    `full sync into SQLite:    ${rate(summary.received, syncMs)} products/s (${syncMs.toFixed(0)} ms, ` +
      `${summary.pages} pages, ${(baseline.ms / syncMs).toFixed(2)}x the baseline rate)`,
  );
  console.log(`memory: rss ${mb(rssBefore)} before the sync, peak ${mb(rssPeak)} during it`);

  // A scan as the till makes it: through the catalog core, session check included.
  const sample = await session.authorised((auth, client) =>
    client.fetchProductsPage(auth, { size: 1000, page: 3, deleted: false }),
  );
  const codes = sample.received.flatMap(({ product }) => (product.barcode ? [product.barcode] : []));
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const code of codes) {
      const began = performance.now();
      const answer = await core.lookup(code);
      times.push(performance.now() - began);
      if (answer.match === null) throw new Error(`lookup of ${code} found nothing`);
    }
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => (times[Math.floor(share * (times.length - 1))] ?? 0).toFixed(3);
  console.log(`lookup through the core: median ${at(0.5)} ms, p99 ${at(0.99)} ms (${times.length} scans)`);

  const again = performance.now();
  const incremental = await core.sync({ pageSize });
  console.log(
    `incremental sync, nothing changed: ${(performance.now() - again).toFixed(0)} ms ` +
      `(${incremental.received} records re-read at the checkpoint boundaries)`,
  );
  await core.close();
} finally {
  service.kill("SIGINT");
  rmSync(dataDir, { recursive: true, force: true });
}

async function bareWalk(): Promise<{ products: number; bytes: number; ms: number }> {
  const login = await fetch(`${demo.baseUrl}/api/v1/users/auth/organisation/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      organisation: demo.organisation,
      username: demo.username,
      password: demo.password,
    }),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: string; legacy_id?: string } };
  const account = user.legacy_id || user.id;
  let products = 0;
  let bytes = 0;
  const started = performance.now();
  for (let page = 0; ; page++) {
    const url = `${demo.baseUrl}/api/v1/products/${account}?deleted=false&size=${pageSize}&page=${page}`;
    const text = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).text();
    bytes += text.length;
    // Counting records without parsing them keeps the baseline a measure of the service and transport.
    const inPage = text.split('"updated_at":{').length - 1;
    products += inPage;
    if (inPage < pageSize) break;
  }
  return { products, bytes, ms: performance.now() - started };
}
