// The reference service in its own process, with a demo catalog of N products, for the figures that
// need HTTP. Its `ready` line carries the demo account's credentials.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface Ready {
  baseUrl: string;
  accountId: string;
  configurationId: string;
  legacyId: string;
  organisation: string;
  username: string;
  password: string;
  apiKey: string;
}

export interface RunningService {
  ready: Ready;
  /** The service's process id, to read its CPU time (processCpuMs). */
  pid: number;
  products: number;
  latencyMs: number;
  stop(): Promise<void>;
}

/**
 * `latencyMs` holds every answer that long (the service's --latency): a till far from its service.
 * `flags`: more of the service's own flags, e.g. ["--rate-limit", "200"].
 */
export async function startService(
  products: number,
  options: { latencyMs?: number; flags?: string[] } = {},
): Promise<RunningService> {
  const cli = join(import.meta.dirname, "../src/server/cli.ts");
  const latencyMs = options.latencyMs ?? 0;
  const args = ["--port", "0", "--demo", String(products), "--latency", String(latencyMs)];
  const child = spawn(process.execPath, [cli, ...args, ...(options.flags ?? [])], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit").then(() => null);
  const firstLine = once(createInterface({ input: child.stdout }), "line").then(([line]) => line as string);
  const line = await Promise.race([firstLine, exited]);
  if (line === null) throw new Error("the reference service exited before it was ready");
  return {
    ready: JSON.parse(line.replace(/^ready /u, "")) as Ready,
    pid: child.pid as number,
    products,
    latencyMs,
    stop: () => stopChild(child),
  };
}

/**
 * CPU time a process has used so far, user and system, in ms (Linux /proc; 10 ms steps): what a
 * server spent, whatever else the shared machine was doing meanwhile.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces), counted from the state field (3rd).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGINT");
  await exited;
}

/** A token for the demo admin: the benchmarks change products as well as read them. */
export async function adminToken(
  ready: Pick<Ready, "baseUrl" | "organisation" | "username" | "password">,
): Promise<{ token: string; account: string }> {
  const response = await fetch(`${ready.baseUrl}/api/v1/users/auth/organisation/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      organisation: ready.organisation,
      username: ready.username,
      password: ready.password,
    }),
  });
  if (!response.ok) throw new Error(`demo login failed: HTTP ${response.status}`);
  const { token, user } = (await response.json()) as {
    token: string;
    user: { id: string; legacy_id?: string };
  };
  return { token, account: user.legacy_id || user.id };
}
