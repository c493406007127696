// The real CLI as a child process, the way a shop's start-up script or a person runs it.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const cliPath = fileURLToPath(new URL("../../src/cli/start.mjs", import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Who the CLI runs as (another user's uid and gid), when not this process's user. */
export interface CliUser {
  uid: number;
  gid: number;
}

/** `stdin: "pipe"` gives the test the child's standard input to write to (`child.stdin`). */
export function startCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  user?: CliUser,
  stdin: "ignore" | "pipe" = "ignore",
): { child: ChildProcess; done: Promise<CliResult>; output: () => { stdout: string; stderr: string } } {
  const child = spawn(process.execPath, [cliPath, ...args], {
    env: { ...process.env, CATALOG_PASSWORD: "", ...env },
    stdio: [stdin, "pipe", "pipe"],
    ...user,
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  // What it has written so far, for a test that talks to it while it runs.
  return { child, done, output: () => ({ stdout, stderr }) };
}

export function runCli(args: string[], env?: NodeJS.ProcessEnv, user?: CliUser): Promise<CliResult> {
  return startCli(args, env, user).done;
}

/** The CLI, killed after `ms` so that a hang fails the test (as signal SIGKILL) instead of stalling it. */
export async function runCliWithin(ms: number, args: string[], env?: NodeJS.ProcessEnv): Promise<CliResult> {
  const { child, done } = startCli(args, env);
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  try {
    return await done;
  } finally {
    clearTimeout(timer);
  }
}

/** The CLI's organisation login for the reference service's demo account. */
export function demoLoginArgs(demo: {
  baseUrl: string;
  organisation: string;
  username: string;
  password?: string;
}): string[] {
  const args = [
    "login",
    "--base-url",
    demo.baseUrl,
    "--organisation",
    demo.organisation,
    "--username",
    demo.username,
  ];
  return demo.password === undefined ? args : [...args, "--password", demo.password];
}
