// `node bench/serial-to-page.ts [--quick]`, also run by `npm run bench`: the time from the end of a
// code's line on a serial scanner's port to its answer on the page's side, through everything a
// till runs: the serial scanner in the catalog service, its serialCode event over the browser
// bridge's event stream, the page's lookup by the symbology it reported, and the answer back, all
// over loopback HTTP. The baseline: a bare `serialport` read of the same lines on the same
// pseudo-terminal pair (socat), from the write to the line end arriving, in blocks interleaved with
// ours in the same run. CPU times are this process's (both ends live in it).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { startHttpBridge } from "../src/bridge/http-bridge.ts";
import { httpRendererIpc } from "../src/bridge/page/http-renderer-ipc.ts";
import {
  type CatalogApp,
  createCatalogHandlers,
  openCatalog,
  serialportAccess,
  trustedSender,
} from "../src/core/app/index.ts";
import { createCatalogApi } from "../src/preload/catalog-bridge.ts";
import type { CatalogApi } from "../src/shared/ipc/catalog-api.ts";
import { type PtyPair, socat, startPtyPair } from "../test/support/pty-pair.ts";
import { type Figure, percentile, type Side, sizeName } from "./figure.ts";
import { heldCodes } from "./lookup-during-sync.ts";
import { startService } from "./service-process.ts";

/** Between one answer and the next code: a cashier's fastest, and no queue behind a slow answer. */
const gapMs = 5;

interface Block {
  times: number[];
  side: Side;
}

/** Sends each line once the answer to the one before came, timing each from its write. */
async function timeLines(
  pty: PtyPair,
  lines: readonly string[],
  answered: () => Promise<void>,
): Promise<Block> {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const began = performance.now();
  for (const line of lines) {
    const arrived = answered();
    const sent = performance.now();
    pty.send(line);
    await arrived;
    times.push(performance.now() - sent);
    await sleep(gapMs);
  }
  const used = process.cpuUsage(cpu);
  return { times, side: { wallMs: performance.now() - began, cpuMs: (used.user + used.system) / 1000 } };
}

/** Ours: the page's answers, each the lookup the page made for a serialCode event. */
async function pageBlock(
  service: CatalogApp,
  page: CatalogApi,
  pty: PtyPair,
  lines: string[],
): Promise<Block> {
  let resolveNext: (() => void) | null = null;
  const stop = page.onSerialCode(({ code, symbology }) => {
    void page.lookup(symbology === null ? { code } : { code, symbology }).then((answer) => {
      if (!answer.ok || answer.value.match === null) throw new Error(`no product for ${code}`);
      resolveNext?.();
    });
  });
  await service.changeSettings({ serialScanner: { port: pty.port, baud: 9600, lineEnding: "any" } });
  while ((await service.serialStatus()).state !== "connected") await sleep(10);
  const block = await timeLines(pty, lines, () => new Promise((resolve) => (resolveNext = resolve)));
  stop();
  await service.changeSettings({ serialScanner: { port: null, baud: 9600, lineEnding: "any" } });
  return block;
}

/** The baseline: the port read bare, a line counted when its line end arrives. */
async function bareBlock(pty: PtyPair, lines: string[]): Promise<Block> {
  const port = await serialportAccess.open(pty.port, 9600);
  let resolveNext: (() => void) | null = null;
  port.onData((bytes) => {
    if (bytes.includes(13) || bytes.includes(10)) resolveNext?.();
  });
  try {
    return await timeLines(pty, lines, () => new Promise((resolve) => (resolveNext = resolve)));
  } finally {
    await port.close();
  }
}

/** Each code looked up in turn by `lookup`, timed from the call to the answer. */
async function lookupBlock(
  codes: readonly string[],
  lookup: (code: string) => Promise<unknown>,
): Promise<Block> {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const began = performance.now();
  for (const code of codes) {
    const called = performance.now();
    await lookup(code);
    times.push(performance.now() - called);
  }
  const used = process.cpuUsage(cpu);
  return { times, side: { wallMs: performance.now() - began, cpuMs: (used.user + used.system) / 1000 } };
}

function add(into: Block, block: Block): void {
  into.times.push(...block.times);
  into.side.wallMs += block.side.wallMs;
  into.side.cpuMs += block.side.cpuMs;
}

export async function serialToPageFigures(options: { products: number; codes: number; rounds: number }) {
  const upstream = await startService(options.products);
  const work = await mkdtemp(join(tmpdir(), "bench-serial-"));
  const pty = await startPtyPair(work);
  const service = openCatalog({
    dataDir: join(work, "data"),
    sync: "in-process",
    pictures: "in-process",
    serial: { access: serialportAccess },
  });
  const secret = "b".repeat(43);
  const bridge = await startHttpBridge({
    handlers: (origin) => createCatalogHandlers(service, { isTrustedSender: trustedSender(origin) }),
    events: service,
    pageDir: work,
    secret,
  });
  const ipc = httpRendererIpc({ origin: bridge.origin, secret, fetch });
  try {
    await service.start();
    await service.changeSettings({ syncIntervalMinutes: 0, images: { enabled: false, capMegabytes: 500 } });
    const { baseUrl, organisation, username, password } = upstream.ready;
    await service.signInOrganisation({ baseUrl, organisation, username, password, remember: false });
    while ((await service.status()).sync.running) await sleep(50);
    await service.startSync({ mode: "full" });
    const codes = heldCodes(join(work, "data"), upstream.ready.accountId).slice(0, options.codes);
    const endings = ["\r", "\n", "\r\n"];
    const lines = codes.map(
      (code, index) => `${/^\d{13}$/.test(code) ? "]E0" : ""}${code}${endings[index % 3]}`,
    );
    const page = createCatalogApi(ipc, "bench");
    const ours: Block = { times: [], side: { wallMs: 0, cpuMs: 0 } };
    const bare: Block = { times: [], side: { wallMs: 0, cpuMs: 0 } };
    // Where the page's time goes: its lookup over the bridge against the catalog's own, interleaved.
    const overBridge: Block = { times: [], side: { wallMs: 0, cpuMs: 0 } };
    const direct: Block = { times: [], side: { wallMs: 0, cpuMs: 0 } };
    for (let round = 0; round < options.rounds; round++) {
      add(bare, await bareBlock(pty, lines));
      add(ours, await pageBlock(service, page, pty, lines));
      add(direct, await lookupBlock(codes, (code) => service.lookup({ code })));
      add(overBridge, await lookupBlock(codes, (code) => page.lookup({ code })));
    }
    const size = sizeName(options.products);
    const baselineLabel = "a bare serialport read of the same lines, same pty";
    const figure = (share: number, name: string, goal: string): Figure => ({
      key: `serial_to_page_${name}_${size}_ms`,
      label: `serial line end to the answer on the page, ${name} (${ours.times.length} codes, ${size} catalog)`,
      unit: "ms",
      value: percentile(ours.times, share),
      baselineLabel,
      baseline: percentile(bare.times, share),
      goal,
      ours: ours.side,
      base: bare.side,
    });
    const bridgeFigure: Figure = {
      key: `serial_to_page_bridge_lookup_p95_${size}_ms`,
      label: `of which: the page's lookup over the browser bridge, p95 (${size} catalog)`,
      unit: "ms",
      value: percentile(overBridge.times, 0.95),
      baselineLabel: "the catalog service's lookup called directly",
      baseline: percentile(direct.times, 0.95),
      goal: "",
      ours: overBridge.side,
      base: direct.side,
    };
    return [figure(0.95, "p95", "under 20 ms"), figure(0.5, "p50", ""), bridgeFigure];
  } finally {
    ipc.close();
    await bridge.close();
    await service.close();
    await pty.pull();
    await upstream.stop();
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.main && socat === undefined) {
  // No figure rather than a failed run: the other benchmarks still report.
  process.stderr.write("serial-to-page needs socat for its pseudo-terminals: apt-get install -y socat\n");
  process.stdout.write("figures []\n");
} else if (import.meta.main) {
  const { values } = parseArgs({ options: { quick: { type: "boolean" } } });
  const figures = await serialToPageFigures(
    values.quick ? { products: 2000, codes: 100, rounds: 2 } : { products: 20_000, codes: 200, rounds: 3 },
  );
  for (const figure of figures) {
    process.stderr.write(
      `${figure.label}: ${figure.value.toFixed(3)} ms vs ${figure.baseline?.toFixed(3)} ms (${figure.baselineLabel}); ` +
        `wall/CPU ${figure.ours?.wallMs.toFixed(0)}/${figure.ours?.cpuMs.toFixed(0)} ms vs ` +
        `${figure.base?.wallMs.toFixed(0)}/${figure.base?.cpuMs.toFixed(0)} ms\n`,
    );
  }
  process.stdout.write(`figures ${JSON.stringify(figures)}\n`);
}
