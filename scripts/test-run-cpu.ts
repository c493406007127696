// Where a whole test run's CPU goes, by program: `node scripts/test-run-cpu.ts [vitest arguments]`,
// as root, with Debian's `acct` installed (apt-get install acct). It runs `npx vitest run` under the
// kernel's process accounting, which records every process that ends (Chromium's, PostgreSQL's, the
// CLI's, killed ones too), and each Node process's own command line and CPU through a module loaded
// into it (NODE_OPTIONS). It prints the CPU by program, the vitest workers against the processes
// they start, and the catalog CLI's CPU by command (docs/benchmarks.md, "Where the test run's time
// goes now").
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface Ended {
  command: string;
  pid: number;
  parent: number;
  cpuSeconds: number;
}

interface NodeExit {
  argv: string;
  cpuSeconds: number;
}

if (spawnSync("accton", ["--version"]).error !== undefined) {
  console.error("test-run-cpu needs process accounting: apt-get install acct, and run it as root.");
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), "test-run-cpu-"));
const accounting = join(work, "pacct");
const exits = join(work, "node-exits.ndjson");
const hook = join(work, "node-exit.mjs");
// Read and written by every Node process of the run, some as another user (the CLI's tests of other
// users' files): the hook everyone's to read, the file everyone's to write.
chmodSync(work, 0o755);
writeFileSync(exits, "");
chmodSync(exits, 0o666);
writeFileSync(
  hook,
  `import { appendFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";
if (isMainThread) process.on("exit", () => {
  const { user, system } = process.cpuUsage();
  try {
    appendFileSync(${JSON.stringify(exits)}, JSON.stringify({ argv: process.argv.slice(1).join(" "), cpuSeconds: (user + system) / 1e6 }) + "\\n");
  } catch {}
});
`,
);

writeFileSync(accounting, "");
execFileSync("accton", [accounting]);
const started = Date.now();
// vitest's own entry, started from here: its process is the one whose children are the workers.
const vitest = join(import.meta.dirname, "..", "node_modules", "vitest", "vitest.mjs");
let run: { pid: number; status: number | null };
try {
  // vitest's report goes to standard error, this script's summary alone to standard output.
  run = spawnSync(process.execPath, [vitest, "run", ...process.argv.slice(2)], {
    stdio: ["ignore", process.stderr, "inherit"],
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${hook}`.trim() },
  });
} finally {
  execFileSync("accton", ["off"]);
}
const wallSeconds = (Date.now() - started) / 1000;

const ended = readAccounting(accounting);
const nodeExits = readFileSync(exits, "utf8")
  .split("\n")
  .filter((line) => line !== "")
  .map((line) => JSON.parse(line) as NodeExit);
rmSync(work, { recursive: true, force: true });

console.log(`vitest run: exit ${run.status}, ${wallSeconds.toFixed(1)} s wall`);
printTable(
  "CPU by program (s, processes)",
  sumBy(ended, (process) => process.command),
);
printWorkerSplit(ended, run.pid);
printTable(
  "the catalog CLI by command (s, processes)",
  sumBy(
    nodeExits.filter((exit) => exit.argv.includes("src/cli/start.mjs")),
    (exit) => cliCommandOf(exit.argv),
  ),
);

/** `dump-acct`'s lines: command | version | user | system | elapsed | uid | gid | memory | io | pid | ppid | ... */
function readAccounting(file: string): Ended[] {
  const ticksPerSecond = 100;
  return execFileSync("dump-acct", [file], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 })
    .split("\n")
    .filter((line) => line.includes("|"))
    .map((line) => line.split("|").map((field) => field.trim()))
    .map((fields) => ({
      command: fields[0] ?? "",
      cpuSeconds: (Number(fields[2]) + Number(fields[3])) / ticksPerSecond,
      pid: Number(fields[9]),
      parent: Number(fields[10]),
    }));
}

/** vitest's workers (the children of its process, `runner`) against what they start. */
function printWorkerSplit(processes: Ended[], runner: number): void {
  const byPid = new Map(processes.map((process) => [process.pid, process]));
  const workers = processes.filter((process) => process.parent === runner);
  const workerPids = new Set(workers.map((worker) => worker.pid));
  // Up the parents; one whose parent ended first was handed to init and is not counted here.
  const startedByWorkers = processes.filter((process) => {
    // At most 20 levels up: a process id used twice in the run could make the walk a loop.
    let parent = process.parent;
    for (let level = 0; level < 20 && parent !== 0; level++) {
      if (workerPids.has(parent)) return true;
      parent = byPid.get(parent)?.parent ?? 0;
    }
    return false;
  });
  const total = (list: Ended[]) => list.reduce((sum, process) => sum + process.cpuSeconds, 0).toFixed(1);
  console.log(`\nvitest's workers: ${total(workers)} s in ${workers.length} processes`);
  printTable(
    "what they started (s, processes)",
    sumBy(startedByWorkers, (process) => process.command),
  );
}

/** The command after the CLI's global options (`--data-dir DIR sync` is `sync`). */
function cliCommandOf(argv: string): string {
  const words = argv
    .slice(argv.indexOf("src/cli/start.mjs") + "src/cli/start.mjs".length)
    .trim()
    .split(" ");
  let at = 0;
  while (words[at]?.startsWith("--")) at += 2;
  return words[at] || "(none)";
}

function sumBy<T extends { cpuSeconds: number }>(items: T[], key: (item: T) => string) {
  const sums = new Map<string, { seconds: number; count: number }>();
  for (const item of items) {
    const sum = sums.get(key(item)) ?? { seconds: 0, count: 0 };
    sum.seconds += item.cpuSeconds;
    sum.count += 1;
    sums.set(key(item), sum);
  }
  return [...sums].sort((a, b) => b[1].seconds - a[1].seconds);
}

function printTable(title: string, rows: [string, { seconds: number; count: number }][]): void {
  console.log(`\n${title}`);
  for (const [name, { seconds, count }] of rows.slice(0, 15)) {
    console.log(`${seconds.toFixed(1).padStart(8)} ${String(count).padStart(5)}  ${name}`);
  }
}
