// The desktop app's syncs in an Electron utility process each (core/workers/sync-process.ts says why a
// process of its own). A Node child process would need the Electron binary to run as plain Node,
// which the packaged app forbids (the runAsNode fuse, electron-builder.yml). Unlike the Node child
// process, it is given no V8 flag: how Electron applies one to a utility process whose V8 is already
// up cannot be tried on these machines, and Node crashed when given this one late.
import { fileURLToPath } from "node:url";
import type { UtilityProcess } from "electron";
import { type CreateWorker, syncProcessHandle } from "../core/app/index.ts";

/** Electron's `utilityProcess.fork`, as far as the sync uses it. */
export type ForkUtilityProcess = (
  modulePath: string,
  args: string[],
  options: { serviceName: string; stdio: "inherit" },
) => Pick<UtilityProcess, "on" | "once" | "postMessage" | "kill">;

export function utilityProcessWorker(forkUtility: ForkUtilityProcess): CreateWorker {
  return (url, options) => {
    const child = forkUtility(fileURLToPath(url), [], { serviceName: "Catalog sync", stdio: "inherit" });
    return syncProcessHandle(
      {
        onMessage: (listener) => child.on("message", listener),
        onGone: (listener) => child.once("exit", () => listener()),
        send: (message) => child.postMessage(message),
        // Only ever after its last message (it has closed the catalog by then) or when it is stuck.
        kill: () => child.kill(),
      },
      options.workerData,
    );
  };
}
