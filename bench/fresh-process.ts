// A measured run in a fresh Node process of its own, so its time, CPU and memory are its alone and its
// code starts uncompiled: the script prints its result as one JSON line, last on stdout.
import { spawn } from "node:child_process";
import { once } from "node:events";

/** Runs `node script ...args`; answers its last stdout line, parsed. `what` names it in a failure. */
export async function inFreshProcess<T>(script: string, args: readonly string[], what: string): Promise<T> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${what} failed (exit ${code})`);
  return JSON.parse(out.trim().split("\n").at(-1) ?? "") as T;
}
