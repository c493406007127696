// Cold start to the first answer: a fresh process running `catalog lookup CODE` against a catalog on
// disk, against a fresh process of bare Node opening the raw store with better-sqlite3 and answering
// the same code. Run alternately; /usr/bin/time reports each child's CPU time.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Fixture } from "./catalog-fixture.ts";
import { type Figure, median, type Side, sizeName } from "./figure.ts";

const root = join(import.meta.dirname, "..");
const rawLookup = `
const Database = require("better-sqlite3");
const db = new Database(process.argv[1], { readonly: true });
const row = db.prepare("SELECT p.record FROM raw_codes c JOIN raw_products p ON p.seq = c.seq WHERE c.code = ?").get(process.argv[2]);
process.stdout.write(JSON.parse(row.record).name + "\\n");
`;

export async function coldStartFigures(fixture: Fixture, rounds: number): Promise<Figure[]> {
  const scratch = mkdtempSync(join(tmpdir(), "cold-start-"));
  const ours: Side[] = [];
  const base: Side[] = [];
  try {
    // The first start after a change to the sources builds the CLI's bundle (src/cli/built-entry.mjs);
    // a till then starts many times on the same build, so that first start is not counted.
    await timeChild(scratch, [join(root, "src/cli/start.mjs"), "--version"]);
    for (let round = 0; round < rounds; round++) {
      const code = fixture.codes[round * 7] ?? "";
      ours.push(
        await timeChild(scratch, [
          join(root, "src/cli/start.mjs"),
          "--data-dir",
          fixture.dir,
          "lookup",
          code,
        ]),
      );
      base.push(await timeChild(scratch, ["-e", rawLookup, fixture.rawFile, code]));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const sum = (sides: Side[]): Side => ({
    wallMs: median(sides.map((side) => side.wallMs)),
    cpuMs: median(sides.map((side) => side.cpuMs)),
  });
  return [
    {
      key: `cold_start_lookup_${sizeName(fixture.count)}_ms`,
      label: `cold start to first lookup (${sizeName(fixture.count)}), median of ${rounds}`,
      unit: "ms",
      value: sum(ours).wallMs,
      baselineLabel: "node + better-sqlite3, one query",
      baseline: sum(base).wallMs,
      goal: "< 300 ms",
      ours: sum(ours),
      base: sum(base),
    },
  ];
}

/** Runs node with `args` to its end; wall time seen from here, CPU time from /usr/bin/time. */
async function timeChild(scratch: string, args: string[]): Promise<Side> {
  const report = join(scratch, "time.txt");
  const started = performance.now();
  const child = spawn("/usr/bin/time", ["-f", "%U %S", "-o", report, process.execPath, ...args], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [code] = (await once(child, "exit")) as [number | null];
  const wallMs = performance.now() - started;
  if (code !== 0) throw new Error(`cold start child failed (exit ${code}): ${args.join(" ")}`);
  const [user = 0, system = 0] =
    readFileSync(report, "utf8").trim().split("\n").at(-1)?.split(" ").map(Number) ?? [];
  return { wallMs, cpuMs: (user + system) * 1000 };
}
