// A real load balancer in front of service nodes: Debian's HAProxy on a free loopback port, spreading
// requests round-robin over the nodes and health-checking each one's GET /health, so a node that stops
// or dies is taken out of the rotation and an idempotent request it failed is tried on another. For the
// tests and the bench, and to try N nodes by hand:
//   node scripts/load-balancer.ts http://127.0.0.1:8001 http://127.0.0.1:8002
// prints `ready http://127.0.0.1:PORT` and stops on Ctrl-C. The configuration is written to a temporary
// folder, removed when it stops.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LoadBalancer {
  /** e.g. http://127.0.0.1:40123, no trailing slash. */
  url: string;
  stop(): Promise<void>;
}

export interface LoadBalancerOptions {
  /** Base URLs of the nodes, e.g. http://127.0.0.1:8001. */
  nodes: string[];
  /** Milliseconds between health checks of each node (default 1000). */
  checkEveryMs?: number;
  /** The loopback port to listen on (default: a free one). */
  port?: number;
}

/** On PATH, or where Debian puts it (/usr/sbin, off a plain user's PATH). */
function haproxyPath(): string {
  try {
    return execFileSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).trim();
  } catch {
    if (existsSync("/usr/sbin/haproxy")) return "/usr/sbin/haproxy";
    throw new Error("HAProxy is not installed: run `apt-get install -y haproxy`.");
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The configuration: the example in docs/service.md, with the loopback port and nodes filled in. */
export function haproxyConfig(port: number, nodes: string[], checkEveryMs: number): string {
  const servers = nodes.map((node, index) => {
    const { hostname, port: nodePort } = new URL(node);
    return `  server node${index + 1} ${hostname}:${nodePort} check inter ${checkEveryMs}ms fall 3 rise 2`;
  });
  return [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout http-keep-alive 10s",
    // A check answered late on a busy machine is not a dead node.
    "  timeout check 5s",
    // A request a node failed before answering (refused, reset, nothing sent) goes to another node;
    // only those that are safe to send twice.
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response response-timeout",
    "frontend catalog",
    `  bind 127.0.0.1:${port}`,
    "  option forwardfor",
    "  default_backend nodes",
    "backend nodes",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /health ver HTTP/1.1 hdr Host haproxy",
    "  http-check expect status 200",
    ...servers,
    "",
  ].join("\n");
}

export async function startLoadBalancer(options: LoadBalancerOptions): Promise<LoadBalancer> {
  if (options.nodes.length === 0) throw new RangeError("a load balancer needs at least one node");
  const binary = haproxyPath();
  const dir = mkdtempSync(join(tmpdir(), "pos-catalog-haproxy-"));
  const configFile = join(dir, "haproxy.cfg");
  const port = options.port ?? (await freePort());
  writeFileSync(configFile, haproxyConfig(port, options.nodes, options.checkEveryMs ?? 1000));
  // -db: stay in the foreground, so stopping this child stops HAProxy.
  const child = spawn(binary, ["-db", "-f", configFile], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await untilServing(url, child, () => log);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    url,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else {
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }
      }).finally(() => rmSync(dir, { recursive: true, force: true }));
      return stopped;
    },
  };
}

/** Waits until the balancer answers /health with 200: it listens and a node has passed its check. */
async function untilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`HAProxy stopped at once:\n${log()}`);
    const status = await fetch(`${url}/health`).then(
      (reply) => reply.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`HAProxy did not find a healthy node within 15 s:\n${log()}`);
}

async function main(): Promise<void> {
  const nodes = process.argv.slice(2);
  if (nodes.length === 0) {
    process.stderr.write("usage: node scripts/load-balancer.ts NODE_URL [NODE_URL ...]\n");
    process.exit(2);
  }
  const balancer = await startLoadBalancer({ nodes });
  process.stdout.write(`ready ${balancer.url}\n`);
  const stop = () => {
    balancer.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
