// A background worker in a Node child process, for an app under plain Node (`npm run ui`, the benches);
// worker-process.ts says why a process of its own.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CreateWorker } from "./worker-handle.ts";
import { processWorkerHandle } from "./worker-process.ts";

export const forkedWorker: CreateWorker = (url, options) => {
  const child = fork(fileURLToPath(url), [], {
    // V8's collector on the worker's own thread: its helpers, though lowered with every other thread,
    // still kept a core from the scans often enough to show (docs/benchmarks.md). None of this
    // process's own flags (an inspector's port, a test runner's loader): the bundle needs none.
    execArgv: ["--single-threaded-gc"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return processWorkerHandle(
    {
      onMessage: (listener) => child.on("message", listener),
      onGone: (listener) => {
        // `close`, not `exit`: it also waits for the channel, so every message written is read first.
        child.once("close", listener);
        // A process that never started has nothing to close; a failed send is followed by `close`.
        child.on("error", () => {
          if (child.pid === undefined) listener();
        });
      },
      send: (message) => {
        if (child.connected) child.send(message as object);
      },
      kill: () => child.kill("SIGKILL"),
    },
    options.workerData,
  );
};
