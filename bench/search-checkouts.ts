// `node bench/search-checkouts.ts FOLDER [--right] [--size N]`: the search of another checkout of the
// project (FOLDER, its own node_modules or a link to these) against this one's, in one process on
// one catalog file (the bench's fixture, a million products unless --size says otherwise: cached
// between runs as `npm run bench` caches it), each text searched by both in turn, the first of the
// pair alternating. The texts are the search bench's names typed with a slip (bench/search.ts), or
// with --right the same names typed right. Prints each side's p50 and p95, its CPU time in all, the
// load average, and the texts whose first 20 rows differ (the first few of them in full). For example,
// a change against main:
//
//   git worktree add /tmp/before main && ln -s "$PWD/node_modules" /tmp/before/node_modules
//   node bench/search-checkouts.ts /tmp/before
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openConnection } from "../src/core/catalog/catalog-connection.ts";
import type { CatalogSearch } from "../src/core/catalog/catalog-search.ts";
import { createRandom } from "../src/server/faults/seeded-random.ts";
import { typoQuery } from "../test/support/typo-queries.ts";
import { prepareFixture } from "./catalog-fixture.ts";
import { percentile, spread } from "./figure.ts";

const usage = "Usage: node bench/search-checkouts.ts FOLDER [--right] [--size N]\n";
const rounds = 3;
const limit = 20;
const shownDifferences = 3;

const { values, positionals } = parseArgs({
  options: { right: { type: "boolean", default: false }, size: { type: "string", default: "1000000" } },
  allowPositionals: true,
});
const size = Number(values.size);
const [folder] = positionals;
if (folder === undefined || positionals.length > 1 || !Number.isInteger(size) || size < 1) {
  process.stderr.write(usage);
  process.exit(2);
}

/** A checkout's catalog search on its own read connection to `file`. */
async function searchOf(root: string, file: string): Promise<CatalogSearch> {
  const module = (path: string) => import(join(root, "src/core/catalog", path));
  const { recordDecoder } = await module("stored-records.ts");
  const { catalogLookup } = await module("catalog-lookup.ts");
  const { catalogSearch } = await module("catalog-search.ts");
  const db = openConnection(file, { readonly: true });
  const decode = recordDecoder(db).product;
  return catalogSearch(db, catalogLookup(db, decode), decode);
}

const fixture = await prepareFixture(size, (line) => process.stderr.write(`${line}\n`));
const sides = {
  [folder]: await searchOf(folder, fixture.storeFile),
  this: await searchOf(join(import.meta.dirname, ".."), fixture.storeFile),
};
const names = spread(fixture.names, 100);
const random = createRandom(43);
const texts = values.right ? names : names.flatMap((name) => typoQuery(name, random) ?? []);
const timings = Object.fromEntries(
  Object.keys(sides).map((side) => [side, { wall: [] as number[], cpu: 0 }]),
);
const differing: string[] = [];
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const loadAtStart = loadavg();
for (let round = 0; round < rounds; round++) {
  texts.forEach((text, index) => {
    const order = Object.entries(sides);
    if ((round + index) % 2 === 1) order.reverse();
    const answers = new Map<string, string>();
    for (const [side, search] of order) {
      const cpu = cpuNow();
      const start = performance.now();
      const hits = search(text, limit);
      const wall = performance.now() - start;
      const timing = timings[side];
      // The first round warms both up.
      if (round > 0 && timing !== undefined) {
        timing.wall.push(wall);
        timing.cpu += cpuNow() - cpu;
      }
      answers.set(
        side,
        JSON.stringify(hits.map((hit) => [hit.name, hit.id.slice(0, 8), hit.typos, hit.found])),
      );
    }
    if (round === 0 && new Set(answers.values()).size > 1)
      differing.push(`${text}\n${[...answers].map(([side, rows]) => `  ${side}: ${rows}`).join("\n")}`);
  });
}
const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");
process.stdout.write(
  `${texts.length} texts ${values.right ? "typed right" : "typed with a slip"}, catalog of ${size}, ${rounds - 1} rounds after a warm-up\n`,
);
for (const [side, { wall, cpu }] of Object.entries(timings))
  process.stdout.write(
    `${side}: p50 ${percentile(wall, 0.5).toFixed(2)} ms, p95 ${percentile(wall, 0.95).toFixed(2)} ms, CPU in all ${cpu.toFixed(0)} ms\n`,
  );
process.stdout.write(`load average ${load(loadAtStart)} at start, ${load(loadavg())} at end\n`);
process.stdout.write(`${differing.length} of ${texts.length} answers differ\n`);
for (const text of differing.slice(0, shownDifferences)) process.stdout.write(`${text}\n`);
