// Electron's utilityProcess.fork for the tests: a real Node child process that finds
// `process.parentPort` as a utility process does (utility-process-child.ts). Like Electron's, its
// channel keeps it alive until it is killed. Each fork is recorded with what it was given.
import { fork } from "node:child_process";
import { EventEmitter } from "node:events";
import { fileURLToPath } from "node:url";
import type { ForkUtilityProcess } from "../../src/main/utility-process-worker.ts";

const child = fileURLToPath(new URL("./utility-process-child.ts", import.meta.url));

export interface UtilityFork {
  modulePath: string;
  options: Parameters<ForkUtilityProcess>[2];
  pid: number | undefined;
}

export function utilityProcessDouble() {
  const forks: UtilityFork[] = [];
  const forkUtility: ForkUtilityProcess = (modulePath, args, options) => {
    const process = fork(child, [modulePath, ...args], { execArgv: [], serialization: "advanced" });
    forks.push({ modulePath, options, pid: process.pid });
    const events = new EventEmitter();
    process.on("message", (message) => events.emit("message", message));
    process.on("exit", (code) => events.emit("exit", code ?? 1));
    const utility = {
      on: (event: string, listener: (...args: unknown[]) => void) => {
        events.on(event, listener);
        return utility;
      },
      once: (event: string, listener: (...args: unknown[]) => void) => {
        events.once(event, listener);
        return utility;
      },
      postMessage: (message: unknown) => {
        if (process.connected) process.send(message as never);
      },
      kill: () => process.kill("SIGTERM"),
    };
    return utility as unknown as ReturnType<ForkUtilityProcess>;
  };
  return { fork: forkUtility, forks };
}
