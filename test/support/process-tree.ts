// A process's children and its threads' nice values, read from Linux's /proc: what a test checks of
// the processes the code under test starts, without asking that code.
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** The fields of a /proc stat line after the command name (which may hold spaces), from the state on. */
function statFields(path: string): string[] | null {
  try {
    const stat = readFileSync(path, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // gone meanwhile
  }
}

export interface ChildProcessInfo {
  pid: number;
  /** Its command line, arguments joined by spaces. */
  command: string;
}

/** The live child processes of `parent` (zombies left out). */
export function childrenOf(parent: number): ChildProcessInfo[] {
  const children: ChildProcessInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/u.test(entry)) continue;
    const fields = statFields(`/proc/${entry}/stat`);
    if (fields === null || Number(fields[1]) !== parent || fields[0] === "Z") continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      children.push({ pid: Number(entry), command });
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The live child processes of `parent` whose command line holds `module` (a worker's module name). */
export function childrenRunning(parent: number, module: string): ChildProcessInfo[] {
  return childrenOf(parent).filter((child) => child.command.includes(module));
}

/** Resolves true once none of `pids` runs any more (an unknown one counts as ended), false after `ms`. */
export async function allEnded(pids: readonly (number | undefined)[], ms = 15_000): Promise<boolean> {
  const by = Date.now() + ms;
  while (pids.some((pid) => pid !== undefined && isRunning(pid))) {
    if (Date.now() > by) return false;
    await sleep(20);
  }
  return true;
}

/** True while the process exists and has not ended (a zombie has ended). */
export function isRunning(pid: number): boolean {
  const fields = statFields(`/proc/${pid}/stat`);
  return fields !== null && fields[0] !== "Z";
}

/** The nice value of each thread of `pid`. */
export function threadNices(pid: number): number[] {
  const nices: number[] = [];
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const fields = statFields(`/proc/${pid}/task/${thread}/stat`);
    if (fields !== null) nices.push(Number(fields[16]));
  }
  return nices;
}
