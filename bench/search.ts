// Search as cashiers type it (whole names, two words in the other order, one broad word, part of a
// barcode, one or two letters; and names typed with one slip, test/support/typo-queries.ts), through
// the catalog core, against the raw store's unranked trigram match on names for the same text.
// Interleaved in small blocks.
import { wireCatalog } from "../src/core/app/catalog-wiring.ts";
import { dataDirStores } from "../src/core/storage/data-dir-stores.ts";
import { createRandom } from "../src/server/faults/seeded-random.ts";
import { typoQuery } from "../test/support/typo-queries.ts";
import type { Fixture } from "./catalog-fixture.ts";
import { type Figure, measure, percentile, type Side, sizeName, spread } from "./figure.ts";
import { openRawStore } from "./raw-store.ts";

const block = 10;
const limit = 20;
/** Words most product names share in the demo catalog: the most work a bounded search can face. */
const broadWords = ["bio", "premium", "extra", "klassisk", "500 g", "artisanal", "léger", "caseiro"];

export async function searchFigures(fixture: Fixture): Promise<Figure[]> {
  const names = spread(fixture.names, 100);
  const mix = [
    ...names,
    ...names.map((name) => name.split(" ").slice(0, 2).reverse().join(" ")),
    ...broadWords,
    ...spread(fixture.codes, 40).map((code) => code.slice(2, 9)),
    "a",
    "co",
    "12",
  ];
  const { core } = wireCatalog({ dataDir: fixture.dir, ...dataDirStores(fixture.dir), clock: Date.now });
  const raw = openRawStore(fixture.rawFile);
  const exact = timings();
  const random = createRandom(43);
  const typos = names.flatMap((name) => typoQuery(name, random) ?? []);
  const typo = timings();
  const oursBroad: number[] = [];
  const baseBroad: number[] = [];
  const sides = {
    ours: (text: string) => core.search(text, limit),
    base: async (text: string) => raw.search(text, limit),
  };
  try {
    for (let round = 0; round <= 2; round++) {
      const counted = round > 0;
      await interleaved(mix, counted ? exact : timings(), sides);
      await interleaved(typos, counted ? typo : timings(), sides);
      if (!counted) continue;
      await measure(broadWords, oursBroad, null, (text) => core.search(text, limit));
      await measure(broadWords, baseBroad, null, async (text) => raw.search(text, limit));
    }
  } finally {
    await core.close();
    raw.close();
  }
  const size = sizeName(fixture.count);
  const baselineLabel = "raw unranked trigram match on names";
  return [
    {
      key: `search_p95_${size}_ms`,
      label: `search p95 at ${size}`,
      unit: "ms",
      value: percentile(exact.ours, 0.95),
      baselineLabel,
      baseline: percentile(exact.base, 0.95),
      goal: "< 25 ms",
      ours: exact.oursSide,
      base: exact.baseSide,
    },
    {
      key: `search_typo_p95_${size}_ms`,
      label: `search p95 of names typed with a slip at ${size}`,
      unit: "ms",
      value: percentile(typo.ours, 0.95),
      baselineLabel,
      baseline: percentile(typo.base, 0.95),
      goal: "< 25 ms",
      ours: typo.oursSide,
      base: typo.baseSide,
    },
    {
      key: `search_broad_word_p95_${size}_ms`,
      label: `search p95 of broad words at ${size}`,
      unit: "ms",
      value: percentile(oursBroad, 0.95),
      baselineLabel,
      baseline: percentile(baseBroad, 0.95),
      goal: "< 25 ms",
    },
  ];
}

interface Timings {
  ours: number[];
  base: number[];
  oursSide: Side;
  baseSide: Side;
}

function timings(): Timings {
  return { ours: [], base: [], oursSide: { wallMs: 0, cpuMs: 0 }, baseSide: { wallMs: 0, cpuMs: 0 } };
}

/** Each block of texts searched by ours, then by the baseline, into `into`. */
async function interleaved(
  texts: readonly string[],
  into: Timings,
  sides: { ours: (text: string) => Promise<unknown>; base: (text: string) => Promise<unknown> },
): Promise<void> {
  for (let start = 0; start < texts.length; start += block) {
    const some = texts.slice(start, start + block);
    await measure(some, into.ours, into.oursSide, sides.ours);
    await measure(some, into.base, into.baseSide, sides.base);
  }
}
