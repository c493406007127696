// Scan to screen in a real browser: from the scanner's last key (Enter) to the frame that paints the
// product, with the screens in headless Chromium over the browser bridge and the catalog service
// holding a full catalog synced from the reference service. Baselines measured in the same run: the
// same lookups as window.catalog calls from the page (bridge and catalog, no screen), and straight
// into the catalog service (no bridge, no browser). CPU time is shown beside wall time: this
// process's (bridge and catalog) and the page's main thread (Chromium's TaskDuration).
// Run alone: npm run bench:scan [-- --quick]   (100,000 products and 300 scans; --quick: 5,000 and 60)
// `npm run bench` runs it in its own process and reads the `figures [...]` line it prints; a host can
// also call benchScanToPaint({ products, scans }) and scanToPaintFigures(report).
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Product } from "../src/shared/api/product.ts";
import { startBrowserTill } from "../test/support/browser-till.ts";
import { adminApi } from "../test/support/service-fixtures.ts";
import { type Figure, percentile, type Side, sizeName, spread } from "./figure.ts";

export interface Percentiles {
  p50: number;
  p95: number;
  max: number;
}

export interface ScanToPaintReport {
  products: number;
  scans: number;
  syncSeconds: number;
  /** Enter key to the frame painting the result, in the browser. */
  scanToPaint: Percentiles;
  /** window.catalog.lookup from the page: bridge + handlers + catalog, nothing drawn. */
  pageLookup: Percentiles;
  /** The catalog service's lookup in this process. */
  serviceLookup: Percentiles;
  /** CPU milliseconds per scan during the scan-to-paint loop. */
  cpuPerScan: { bridgeAndCatalog: number; pageMainThread: number };
  /** Wall and CPU time of the scan loop (CPU: this process plus the page's main thread)... */
  ours: Side;
  /** ...and of the window.catalog.lookup loop (CPU: this process plus the page's main thread). */
  base: Side;
}

export async function benchScanToPaint(
  options: { products?: number; scans?: number } = {},
): Promise<ScanToPaintReport> {
  const products = options.products ?? 100_000;
  const scans = options.scans ?? 300;
  const till = await startBrowserTill({ demoProducts: products, pageSize: 1000 });
  try {
    const { service } = till.catalog;
    const { demo, baseUrl } = till.upstream;
    const signedIn = await service.signInOrganisation({ ...demo, baseUrl, remember: false });
    if (!signedIn) throw new Error("sign-in failed");
    const syncStarted = performance.now();
    await service.startSync({ mode: "full" });
    const syncSeconds = (performance.now() - syncStarted) / 1000;
    const sample = pickScans(await (await adminApi(till.upstream)).liveRecords(), scans);
    const page = till.page;
    // Generous thresholds: the typing speed of Playwright on a loaded machine is not under test.
    await service.changeSettings({
      scanner: { ...(await service.settings()).scanner, maxKeyGapMs: 300, maxScanMs: 5000 },
    });
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();

    const serviceTimes: number[] = [];
    for (const { code } of sample) {
      const began = performance.now();
      await service.lookup({ code });
      serviceTimes.push(performance.now() - began);
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const codes = sample.map((item) => item.code);
    const base = await sideOf(cdp, () =>
      page.evaluate(async (list) => {
        const times: number[] = [];
        for (const code of list) {
          const began = performance.now();
          await window.catalog.lookup({ code });
          times.push(performance.now() - began);
        }
        return times;
      }, codes),
    );
    const ours = await sideOf(cdp, async () => {
      const times: number[] = [];
      for (const { code, name } of sample) {
        await page.evaluate(armPaintProbe, name);
        await page.keyboard.type(code);
        await page.keyboard.press("Enter");
        times.push(
          await page.evaluate(() => (window as unknown as { paintProbe: Promise<number> }).paintProbe),
        );
      }
      return times;
    });
    if (till.pageErrors.length > 0) throw new Error(`the page failed: ${till.pageErrors.join("; ")}`);
    return {
      products,
      scans: sample.length,
      syncSeconds,
      scanToPaint: percentiles(ours.result),
      pageLookup: percentiles(base.result),
      serviceLookup: percentiles(serviceTimes),
      cpuPerScan: {
        bridgeAndCatalog: ours.processCpuMs / sample.length,
        pageMainThread: ours.pageCpuMs / sample.length,
      },
      ours: { wallMs: ours.wallMs, cpuMs: ours.cpuMs },
      base: { wallMs: base.wallMs, cpuMs: base.cpuMs },
    };
  } finally {
    await till.close();
  }
}

/**
 * Runs in the page before each scan: resolves window.paintProbe with the milliseconds from the Enter
 * key's event time to the animation frame after the result card shows the expected name.
 */
function armPaintProbe(name: string): void {
  const probe = window as unknown as { paintProbe: Promise<number> };
  probe.paintProbe = new Promise((resolve) => {
    let enterAt = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Enter") enterAt = event.timeStamp;
    };
    window.addEventListener("keydown", onKey, true);
    const observer = new MutationObserver(() => {
      if (enterAt === 0 || document.querySelector(".result-card h3")?.textContent !== name) return;
      observer.disconnect();
      window.removeEventListener("keydown", onKey, true);
      requestAnimationFrame(() => resolve(performance.now() - enterAt));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** Products with a retail barcode, spread over the catalog, each name unlike the one before. */
function pickScans(records: Product[], count: number): { code: string; name: string }[] {
  const usable = records.filter(
    (item) => item.active && /^\d{13}$/.test(item.barcode ?? "") && !item.barcode?.startsWith("2"),
  );
  const picked: { code: string; name: string }[] = [];
  for (const item of spread(usable, count * 2)) {
    if (picked.length === count) break;
    if (picked.at(-1)?.name !== item.name) picked.push({ code: item.barcode as string, name: item.name });
  }
  return picked;
}

interface CdpMetrics {
  send(method: "Performance.getMetrics"): Promise<{ metrics: { name: string; value: number }[] }>;
}

/** Wall time, and CPU time of this process and of the page's main thread, around one piece of work. */
async function sideOf<T>(cdp: CdpMetrics, work: () => Promise<T>) {
  const taskBefore = await taskDuration(cdp);
  const cpuBefore = process.cpuUsage();
  const began = performance.now();
  const result = await work();
  const wallMs = performance.now() - began;
  const cpu = process.cpuUsage(cpuBefore);
  const processCpuMs = (cpu.user + cpu.system) / 1000;
  const pageCpuMs = ((await taskDuration(cdp)) - taskBefore) * 1000;
  return { result, wallMs, processCpuMs, pageCpuMs, cpuMs: processCpuMs + pageCpuMs };
}

async function taskDuration(cdp: {
  send(method: "Performance.getMetrics"): Promise<{ metrics: { name: string; value: number }[] }>;
}) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((metric) => metric.name === "TaskDuration")?.value ?? 0;
}

function percentiles(times: number[]): Percentiles {
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: Math.max(...times) };
}

/** The report as `npm run bench` figures: p50 and p95, each beside the page's own lookup. */
export function scanToPaintFigures(report: ScanToPaintReport): Figure[] {
  const size = sizeName(report.products);
  const baselineLabel = "window.catalog.lookup from the page";
  const figure = (share: "p50" | "p95", goal: string): Figure => ({
    key: `scan_to_paint_${share}_${size}_ms`,
    label: `scan (Enter) to result painted in Chromium, ${share}, ${size}`,
    unit: "ms",
    value: report.scanToPaint[share],
    baselineLabel,
    baseline: report.pageLookup[share],
    goal,
    ours: report.ours,
    base: report.base,
  });
  return [figure("p50", "—"), figure("p95", "< 50 ms")];
}

export function formatScanToPaint(report: ScanToPaintReport): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const line = (label: string, times: Percentiles) =>
    `${label.padEnd(44)} p50 ${ms(times.p50)}, p95 ${ms(times.p95)}, max ${ms(times.max)}`;
  return [
    `catalog: ${report.products.toLocaleString("en-GB")} products, synced in ${report.syncSeconds.toFixed(1)} s; ${report.scans} scans`,
    line("scan (Enter) to result painted, in Chromium:", report.scanToPaint),
    line("baseline  window.catalog.lookup from the page:", report.pageLookup),
    line("baseline  catalog service lookup, in process:", report.serviceLookup),
    `CPU per scan: this process (bridge, catalog, Playwright's driver) ${ms(report.cpuPerScan.bridgeAndCatalog)}, ` +
      `page main thread ${ms(report.cpuPerScan.pageMainThread)} (14 key events and the repaint)`,
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { quick: { type: "boolean" } } });
  const report = await benchScanToPaint(values.quick ? { products: 5_000, scans: 60 } : {});
  process.stderr.write(`${formatScanToPaint(report)}\n`);
  process.stdout.write(`figures ${JSON.stringify(scanToPaintFigures(report))}\n`);
}
