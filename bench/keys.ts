// Counter keys: a tab of 25 product keys answered through the catalog core as the Keys screen asks
// for it (set chosen, 25 products read, each priced for a till of a branch by the lookups' rule and
// its tax, pictures looked up), against the raw store reading the same 25 records by id with one
// prepared statement and JSON.parse; and a group of 20,000 products opened and paged 25 at a time
// (keyset on name), against the raw store's own keyset page over a (group, name) key. Interleaved
// tab by tab and page by page, so both sides see the same moment of the machine.
import { setBranch } from "../src/cli/branch-command.ts";
import { openCliCatalog } from "../src/cli/open-catalog.ts";
import { familyGroupAndTax, referenceMaps } from "../src/core/app/group-and-tax.ts";
import { catalogFileFor, openCatalogStore } from "../src/core/catalog/catalog-store.ts";
import { demoBranches } from "../src/server/demo/demo-branches.ts";
import { type Fixture, fixtureAccount } from "./catalog-fixture.ts";
import { type Figure, percentile, type Side, sizeName } from "./figure.ts";
import { benchSetName, bigGroup } from "./keys-fixture.ts";
import { openRawStore } from "./raw-store.ts";

const rounds = 4;
/** Pages of the big group walked per round: 800 is all of it. */
const groupPages = 800;

interface Timings {
  wall: number[];
  cpu: number[];
  side: Side;
}

const timings = (): Timings => ({ wall: [], cpu: [], side: { wallMs: 0, cpuMs: 0 } });

async function time<T>(into: Timings | null, work: () => Promise<T> | T): Promise<T> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (into !== null) {
    const cpuMs = (used.user + used.system) / 1000;
    into.wall.push(wall);
    into.cpu.push(cpuMs);
    into.side.wallMs += wall;
    into.side.cpuMs += cpuMs;
  }
  return result;
}

export async function keysFigures(fixture: Fixture): Promise<Figure[]> {
  const catalog = openCliCatalog(fixture.dir);
  await catalog.start();
  await setBranch(catalog, demoBranches[0]?.id ?? null);
  const raw = openRawStore(fixture.rawFile);
  const store = await openCatalogStore(catalogFileFor(fixture.dir, fixtureAccount));
  const tab = { ours: timings(), base: timings() };
  const group = { ours: timings(), base: timings() };
  // What naming the group and tax adds to a lookup, beside the whole lookup.
  const card = { ours: timings(), base: timings() };
  try {
    for (let round = 0; round <= rounds; round++) {
      // Round 0 warms both sides (file cache, statements, JIT) and is not counted.
      const counted = round > 0;
      for (let index = 0; index < 25; index++) {
        const answer = await time(counted ? tab.ours : null, () =>
          catalog.keys({ set: benchSetName, tab: index }),
        );
        if (answer.keys.length !== 25 || answer.keys.some((key) => key.name === null))
          throw new Error(`tab ${index + 1} did not answer 25 named keys`);
        const ids = answer.keys.map((key) => key.id);
        await time(counted ? tab.base : null, () => raw.byIds(ids));
      }
      for (const code of fixture.codes) {
        await time(counted ? card.base : null, () => catalog.lookup({ code }));
        const match = await store.lookupCode(code);
        if (match === null) throw new Error(`no product has the code ${code}`);
        await time(counted ? card.ours : null, async () =>
          familyGroupAndTax(match, await referenceMaps(store)),
        );
      }
      let after: string | null = null;
      let rawAfter: { name: string; seq: number } | null = null;
      for (let page = 0; page < groupPages; page++) {
        const ours = await time(counted ? group.ours : null, () =>
          catalog.groupKeys({ group: bigGroup, after }),
        );
        const base = await time(counted ? group.base : null, () => raw.groupPage(bigGroup, rawAfter, 25));
        if (ours.keys.length !== base.records.length)
          throw new Error(
            `page ${page + 1} of the big group: ${ours.keys.length} keys, raw ${base.records.length}`,
          );
        after = ours.next;
        rawAfter = base.last;
        if (after === null || rawAfter === null) break;
      }
    }
  } finally {
    await catalog.close();
    await store.close();
    raw.close();
  }
  const size = sizeName(fixture.count);
  const figure = (
    key: string,
    label: string,
    pair: { ours: Timings; base: Timings },
    baselineLabel: string,
    goal: string,
  ): Figure[] => [
    {
      key: `${key}_p95_${size}_ms`,
      label: `${label} p95 at ${size}`,
      unit: "ms",
      value: percentile(pair.ours.wall, 0.95),
      baselineLabel,
      baseline: percentile(pair.base.wall, 0.95),
      goal,
      ours: pair.ours.side,
      base: pair.base.side,
    },
    {
      key: `${key}_p95_cpu_${size}_ms`,
      label: `${label} p95 of CPU time at ${size}`,
      unit: "ms",
      value: percentile(pair.ours.cpu, 0.95),
      baselineLabel,
      baseline: percentile(pair.base.cpu, 0.95),
      goal: "",
    },
  ];
  return [
    ...figure("keys_tab", "a tab of 25 keys", tab, "raw: 25 records by id + JSON.parse", "< 10 ms"),
    {
      key: `keys_lookup_group_tax_p99_cpu_${size}_ms`,
      label: `a lookup's group and tax, p99 of CPU time at ${size}`,
      unit: "ms",
      value: percentile(card.ours.cpu, 0.99),
      baselineLabel: "the whole lookup, p99 of CPU time",
      baseline: percentile(card.base.cpu, 0.99),
      goal: "",
      ours: card.ours.side,
      base: card.base.side,
    },
    ...figure(
      "keys_group_page",
      "a page of a 20,000-product group",
      group,
      "raw: keyset page on (group, name) + JSON.parse",
      "< 25 ms",
    ),
  ];
}
