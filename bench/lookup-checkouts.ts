// `node bench/lookup-checkouts.ts PRODUCTS FIXTURE RUN...`: the figures of bench/lookup.ts (a scan
// through our catalog against the raw store, interleaved in small blocks) from two versions of the
// code, one run after the other on one fixture, so a change of the read path is measured against the
// code before it on the same machine at the same moment. FIXTURE is a folder of PRODUCTS products
// that bench/catalog-fixture.ts built (a million is kept in the temp folder's
// pos-catalog-bench-cache); each RUN is `ours` or `ours@FOLDER`, another checkout of the project (its
// own node_modules or a link to these) whose bench/lookup.ts, and so whose catalog, answers instead.
// Only for changes that leave what the files hold as it was: every run reads the same files. Each
// run is a fresh process and prints one line: the figures, each side's wall and CPU time, the load.
//
//   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
//   node bench/lookup-checkouts.ts 1000000 /tmp/pos-catalog-bench-cache/1000000-* ours@/tmp/before ours
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import type { Fixture } from "./catalog-fixture.ts";
import type { Figure } from "./figure.ts";

const usage = "Usage: node bench/lookup-checkouts.ts PRODUCTS FIXTURE (ours|ours@FOLDER)...\n";

function refuse(problem: string): never {
  process.stderr.write(`${problem}\n${usage}`);
  process.exit(2);
}

/** One run, in this process: the figures of `lookupModule` on the fixture, as one JSON line. */
async function child(lookupModule: string, dir: string, count: number): Promise<void> {
  const { lookupFigures } = (await import(lookupModule)) as typeof import("./lookup.ts");
  const facts = JSON.parse(readFileSync(join(dir, "facts.json"), "utf8")) as Fixture;
  const fixture: Fixture = {
    ...facts,
    dir,
    count,
    storeFile: join(dir, "catalogs", "bench.sqlite"),
    rawFile: join(dir, "raw.sqlite"),
    reusedFrom: null,
  };
  process.stdout.write(`${JSON.stringify(await lookupFigures(fixture))}\n`);
}

function line(run: string, figures: Figure[], loadBefore: number): string {
  const ms = (value: number) => (value < 1 ? value.toFixed(3) : value.toFixed(2));
  const parts = figures.map(
    (figure) =>
      `${figure.key} ${ms(figure.value)} against ${ms(figure.baseline ?? Number.NaN)} (${(figure.value / (figure.baseline ?? Number.NaN)).toFixed(2)}x)`,
  );
  const sides = figures.find((figure) => figure.ours !== undefined);
  const time = (side: Figure["ours"]) =>
    `wall ${side?.wallMs.toFixed(0)} ms, CPU ${side?.cpuMs.toFixed(0)} ms`;
  const load = `load ${loadBefore.toFixed(1)} at start, ${loadavg()[0]?.toFixed(1)} at end`;
  return `${run}: ${parts.join("; ")}; ours ${time(sides?.ours)}, raw ${time(sides?.base)}; ${load}\n`;
}

const [first = "", ...rest] = process.argv.slice(2);
if (first === "--child") {
  await child(rest[0] ?? "", rest[1] ?? "", Number(rest[2]));
} else {
  const products = Number(first);
  if (!Number.isInteger(products) || products < 1) refuse(`"${first}" is not a number of products.`);
  const [dir = "", ...runs] = rest;
  if (!existsSync(join(dir, "facts.json"))) refuse(`"${dir}" holds no fixture (no facts.json).`);
  if (runs.length === 0) refuse("Name at least one run.");
  for (const run of runs) {
    const [kind, folder] = run.split("@");
    if (kind !== "ours") refuse(`"${run}" is not a run: ours, optionally @FOLDER.`);
    const lookupModule = join(folder ?? join(import.meta.dirname, ".."), "bench", "lookup.ts");
    const loadBefore = loadavg()[0] ?? Number.NaN;
    const ran = spawnSync(
      process.execPath,
      [import.meta.filename, "--child", lookupModule, dir, String(products)],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    if (ran.status !== 0) refuse(`The run ${run} failed (exit ${ran.status}).`);
    process.stdout.write(line(run, JSON.parse(ran.stdout) as Figure[], loadBefore));
  }
}
