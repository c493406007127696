// Products per second the reference service serves: its catalog walked at size 1000 over loopback
// HTTP by following cursor.next, next to a baseline measured in the same run: a bare node:http server
// answering a pre-serialised page of the same size, walked the same way. Both servers run in their
// own child process, so the ratio compares the servers and not this machine's load of the moment; the
// CPU time each server process spent is reported beside (on PostgreSQL the database server's own is
// not in it).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type Figure, type Side, sizeName } from "./figure.ts";
import { processCpuMs, type RunningService, stopChild } from "./service-process.ts";

const pageSize = 1000;

interface Walk {
  products: number;
  pages: number;
  bytes: number;
  seconds: number;
}

/** Starts a child process and resolves with its first stdout line. */
async function startChild(args: string[]): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.split("\n")[0] ?? "");
    });
    child.once("exit", (code) => reject(new Error(`child exited with ${code} before it was ready`)));
  });
  return { child, line };
}

/** Follows `cursor.next` from `start` to the end, parsing every page as a client must to find the next one. */
async function walk(start: string, headers: Record<string, string>, maxPages = Number.POSITIVE_INFINITY) {
  const began = performance.now();
  let url: string | undefined = start;
  const result: Walk = { products: 0, pages: 0, bytes: 0, seconds: 0 };
  while (url && result.pages < maxPages) {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`page ${result.pages}: HTTP ${response.status}`);
    const text = await response.text();
    const page = JSON.parse(text) as { count: number; cursor: { next?: string } };
    result.products += page.count;
    result.pages += 1;
    result.bytes += Buffer.byteLength(text);
    url = page.cursor.next;
  }
  result.seconds = (performance.now() - began) / 1000;
  return result;
}

/** The baseline server: answers every request with the page it was given, nothing else. */
async function baselineServer(pageFile: string): Promise<void> {
  const { readFile } = await import("node:fs/promises");
  const body = await readFile(pageFile);
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": body.length,
    });
    response.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
  });
  process.once("SIGINT", () => server.close(() => process.exit(0)));
}

interface Comparison {
  best: { service: number; baseline: number; serviceBytes: number; baselineBytes: number };
  /** Wall and the server process's CPU time over every round, each side (the client's work is the same). */
  ours: Side;
  base: Side;
}

/** The bare server's page fetched `pages` times, one walk step each. */
async function walkBaseline(url: string, pages: number): Promise<Walk> {
  const total: Walk = { products: 0, pages: 0, bytes: 0, seconds: 0 };
  for (let page = 0; page < pages; page++) {
    const one = await walk(url, {}, 1);
    total.products += one.products;
    total.pages += 1;
    total.bytes += one.bytes;
    total.seconds += one.seconds;
  }
  return total;
}

function throughputFigures({ best, ours, base }: Comparison, key: string, label: string): Figure[] {
  const baselineLabel = "bare node:http, pre-serialised page";
  return [
    {
      key: `${key}_products_per_s`,
      label: `service list throughput, ${label}`,
      unit: "products/s",
      value: best.service,
      baselineLabel,
      baseline: best.baseline,
      goal: ">= 0.9x bare",
      ours,
      base,
    },
    {
      key: `${key}_mb_per_s`,
      label: `service list throughput, ${label}`,
      unit: "MB/s",
      value: best.serviceBytes,
      baselineLabel,
      baseline: best.baselineBytes,
      goal: ">= 0.9x bare",
    },
  ];
}

/** `database` names the service's database in the figures' keys and labels: "sqlite" or "postgres". */
export async function serviceThroughputFigures(
  service: RunningService,
  rounds: number,
  database: "sqlite" | "postgres",
): Promise<Figure[]> {
  const { ready } = service;
  const { mkdtemp, rm, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const dir = await mkdtemp(join(tmpdir(), "service-bench-"));
  let baseline: ChildProcess | undefined;
  try {
    const login = await fetch(`${ready.baseUrl}/api/v1/users/auth/key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: ready.accountId, api_key: ready.apiKey }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const start = `${ready.baseUrl}/api/v1/products/${ready.legacyId}?deleted=false`;

    // The baseline's page is a real page of this catalog, minus its `next`, so each fetch is one whole walk step.
    const sample = (await (await fetch(`${start}&size=${pageSize}`, { headers })).json()) as {
      cursor: object;
    };
    const pageFile = join(dir, "page.json");
    await writeFile(pageFile, JSON.stringify({ ...sample, cursor: { ...sample.cursor, next: undefined } }));
    const bare = await startChild([import.meta.filename, "--baseline-server", pageFile]);
    baseline = bare.child;
    const baselineUrl = `http://127.0.0.1:${bare.line.trim()}/page`;

    const bareChild = bare.child.pid as number;
    const on = database === "sqlite" ? "SQLite" : "PostgreSQL";
    const size = sizeName(service.products);
    const key = `service_list_${database}_${size}`;
    // First walks: each at a page size of its own, so that no page of it was served before (nothing
    // in the page cache, no page position remembered): what the first till of the morning gets.
    const first = await compareWalks(rounds, (round) => `${start}&size=${pageSize - 1 - round}`);
    // The same walk again and again: what every later till gets while the catalog stays unchanged.
    const again = await compareWalks(rounds, () => `${start}&size=${pageSize}`);
    return [
      ...throughputFigures(first, `${key}_first_walk`, `first walk on ${on} (${size}, best of ${rounds})`),
      ...throughputFigures(again, key, `walked again on ${on} (${size}, best of ${rounds})`),
    ];

    async function compareWalks(count: number, url: (round: number) => string): Promise<Comparison> {
      const result: Comparison = {
        best: { service: 0, baseline: 0, serviceBytes: 0, baselineBytes: 0 },
        ours: { wallMs: 0, cpuMs: 0 },
        base: { wallMs: 0, cpuMs: 0 },
      };
      for (let round = 0; round < count; round++) {
        const serviceCpu = processCpuMs(service.pid);
        const served = await walk(url(round), headers);
        result.ours.cpuMs += processCpuMs(service.pid) - serviceCpu;
        result.ours.wallMs += served.seconds * 1000;
        const bareCpu = processCpuMs(bareChild);
        const bareWalk = await walkBaseline(baselineUrl, served.pages);
        result.base.cpuMs += processCpuMs(bareChild) - bareCpu;
        result.base.wallMs += bareWalk.seconds * 1000;
        const { best } = result;
        best.service = Math.max(best.service, served.products / served.seconds);
        best.baseline = Math.max(best.baseline, bareWalk.products / bareWalk.seconds);
        best.serviceBytes = Math.max(best.serviceBytes, served.bytes / served.seconds / 1e6);
        best.baselineBytes = Math.max(best.baselineBytes, bareWalk.bytes / bareWalk.seconds / 1e6);
      }
      return result;
    }
  } finally {
    if (baseline) await stopChild(baseline);
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--baseline-server") await baselineServer(process.argv[3] ?? "");
