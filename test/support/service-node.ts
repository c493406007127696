// A service node as a real child process (`node src/server/cli.ts`), for tests that stop, kill or run
// several of them: started on a free loopback port, ready once it prints its `ready {json}` line.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";

const cliPath = join(import.meta.dirname, "../../src/server/cli.ts");

export interface ReadyLine {
  baseUrl: string;
  accountId: string;
  legacyId: string;
  configurationId: string;
  organisation: string;
  username: string;
  password: string;
  apiKey: string;
}

export interface ServiceNode {
  baseUrl: string;
  ready: ReadyLine;
  pid: number;
  /** Everything the node wrote to stderr so far. */
  log(): string;
  /** Sends `signal` and waits for the exit: its code, or the signal that ended it. */
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

export async function startServiceNode(args: string[]): Promise<ServiceNode> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [cliPath, "--port", "0", ...args], {
    stdio: "pipe",
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, "exit").then(
    ([code, signal]) => (code as number | null) ?? (signal as NodeJS.Signals | null),
  );
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(stdout.split("\n")[0] ?? "");
    });
    exited.then(() => reject(new Error(`the service node exited before it was ready: ${stderr}`)));
  });
  if (!line.startsWith("ready ")) throw new Error(`not a ready line: ${line}`);
  const ready = JSON.parse(line.slice("ready ".length)) as ReadyLine;
  return {
    baseUrl: ready.baseUrl,
    ready,
    pid: child.pid as number,
    log: () => stderr,
    stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
