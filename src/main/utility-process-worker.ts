// The desktop app's background workers (each sync, each picture run) in an Electron utility process of
// their own (core/workers/worker-process.ts says why). A Node child process would need the Electron
// binary to run as plain Node, which the packaged app forbids (the runAsNode fuse,
// electron-builder.yml). Unlike the Node child process, it is given no V8 flag: how Electron applies
// one to a utility process whose V8 is already up cannot be tried on these machines, and Node crashed
// when given this one late.
import { fileURLToPath } from "node:url";
import type { UtilityProcess } from "electron";
import { type CreateWorker, processWorkerHandle } from "../core/app/index.ts";

/** Electron's `utilityProcess.fork`, as far as the workers use it. */
export type ForkUtilityProcess = (
  modulePath: string,
  args: string[],
  options: { serviceName: string; stdio: "inherit" },
) => Pick<UtilityProcess, "on" | "once" | "postMessage" | "kill">;

/** `serviceName` is what the system's task manager shows for the process. */
export function utilityProcessWorker(forkUtility: ForkUtilityProcess, serviceName: string): CreateWorker {
  return (url, options) => {
    const child = forkUtility(fileURLToPath(url), [], { serviceName, stdio: "inherit" });
    return processWorkerHandle(
      {
        onMessage: (listener) => child.on("message", listener),
        onGone: (listener) => child.once("exit", () => listener()),
        send: (message) => child.postMessage(message),
        // Only ever after its last message (it has closed its files by then) or when it is stuck.
        kill: () => child.kill(),
      },
      options.workerData,
    );
  };
}
