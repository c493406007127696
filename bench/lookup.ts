// Scan latency: a code looked up through the catalog core as the till does it (session check, scan
// reading, and the price worked out for a till of a branch from its settings file, included), against
// the raw store answering the same code with one prepared statement and JSON.parse. Interleaved in
// small blocks, so both sides see the same moment of the machine.

import { setBranch } from "../src/cli/branch-command.ts";
import { openCliCatalog } from "../src/cli/open-catalog.ts";
import { demoBranches } from "../src/server/demo/demo-branches.ts";
import type { Fixture } from "./catalog-fixture.ts";
import { type Figure, measure, percentile, type Side, sizeName } from "./figure.ts";
import { openRawStore } from "./raw-store.ts";

const block = 50;
const rounds = 3;

export async function lookupFigures(fixture: Fixture): Promise<Figure[]> {
  const catalog = openCliCatalog(fixture.dir);
  await catalog.start();
  // The demo catalog's first branch: about one product in seven has a price of its own there.
  await setBranch(catalog, demoBranches[0]?.id ?? null);
  const raw = openRawStore(fixture.rawFile);
  const ours: number[] = [];
  const base: number[] = [];
  const oursCpu: number[] = [];
  const baseCpu: number[] = [];
  const oursSide: Side = { wallMs: 0, cpuMs: 0 };
  const baseSide: Side = { wallMs: 0, cpuMs: 0 };
  try {
    for (let round = 0; round <= rounds; round++) {
      // Round 0 warms both sides (file cache, statements, JIT) and is not counted.
      const counted = round > 0;
      for (let start = 0; start < fixture.codes.length; start += block) {
        const codes = fixture.codes.slice(start, start + block);
        await measure(
          codes,
          counted ? ours : [],
          counted ? oursSide : null,
          async (code) => {
            if ((await catalog.lookup({ code })).match === null)
              throw new Error(`lookup of ${code} found nothing`);
          },
          counted ? oursCpu : [],
        );
        await measure(
          codes,
          counted ? base : [],
          counted ? baseSide : null,
          async (code) => {
            if (raw.lookup(code) === undefined) throw new Error(`raw lookup of ${code} found nothing`);
          },
          counted ? baseCpu : [],
        );
      }
    }
  } finally {
    await catalog.close();
    raw.close();
  }
  const size = sizeName(fixture.count);
  const baselineLabel = "raw prepared statement + JSON.parse";
  return [
    {
      key: `lookup_p99_${size}_ms`,
      label: `lookup p99 at ${size}`,
      unit: "ms",
      value: percentile(ours, 0.99),
      baselineLabel,
      baseline: percentile(base, 0.99),
      goal: "< 1 ms",
      ours: oursSide,
      base: baseSide,
    },
    {
      key: `lookup_p99_cpu_${size}_ms`,
      label: `lookup p99 of CPU time at ${size}`,
      unit: "ms",
      value: percentile(oursCpu, 0.99),
      baselineLabel,
      baseline: percentile(baseCpu, 0.99),
      goal: "",
    },
    {
      key: `lookup_p50_${size}_ms`,
      label: `lookup p50 at ${size}`,
      unit: "ms",
      value: percentile(ours, 0.5),
      baselineLabel,
      baseline: percentile(base, 0.5),
      goal: "",
      ours: oursSide,
      base: baseSide,
    },
  ];
}
