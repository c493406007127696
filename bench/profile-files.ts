// Where a CPU profile's time went, by source file: for telling what a change's own code costs in a
// run that also carries the machine's noise. Make the profiles with Node's --cpu-prof, for example
// the two sides of bench/sync-checkouts.ts (each sync is a process of its own, so a profile each):
//   NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof --cpu-prof-interval=5000" \
//     node bench/sync-checkouts.ts 1000000 ours@/tmp/before ours
//   node bench/profile-files.ts /tmp/prof/CPU.*.cpuprofile
// Prints, per profile, the busy seconds (sampled time less idle), garbage collection, and the files
// whose own functions took at least a quarter of a percent of the busy time, with that share.
import { readFileSync } from "node:fs";
import { basename } from "node:path";

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Files below this share of the busy time are left out. */
const smallestShare = 0.0025;

/** Microseconds of self time per file; the engine's own entries ("(garbage collector)") by name. */
function selfTimeByFile(profile: Profile): Map<string, number> {
  const where = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = where.get(id);
    const key = frame === undefined ? "?" : frame.url === "" ? frame.functionName : basename(frame.url);
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return times;
}

function report(file: string): void {
  const times = selfTimeByFile(JSON.parse(readFileSync(file, "utf8")) as Profile);
  const total = [...times.values()].reduce((sum, time) => sum + time, 0);
  const busy = total - (times.get("(idle)") ?? 0);
  const line = (name: string, time: number) =>
    `  ${(time / 1e6).toFixed(2).padStart(8)} s  ${((100 * time) / busy).toFixed(1).padStart(5)} %  ${name}`;
  console.log(`${basename(file)}: busy ${(busy / 1e6).toFixed(1)} s`);
  const files = [...times].filter(([name]) => name !== "(idle)").sort((a, b) => b[1] - a[1]);
  for (const [name, time] of files) if (time >= smallestShare * busy) console.log(line(name, time));
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node bench/profile-files.ts PROFILE.cpuprofile... (made with node --cpu-prof)");
  process.exit(2);
}
for (const file of files) report(file);
