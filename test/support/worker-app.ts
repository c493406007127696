// The app of worker-app-child.ts as a real child process, started and waited for until its background
// worker, in a process of its own, is under way: what a test kills to leave that worker orphaned.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { RunningService } from "../../src/server/service.ts";
import { childrenRunning } from "./process-tree.ts";

const script = fileURLToPath(new URL("./worker-app-child.ts", import.meta.url));
/** The module each kind of worker process runs, as its command line shows it. */
const workerModules = { sync: "sync-worker", pictures: "image-worker" } as const;

export type WorkerKind = keyof typeof workerModules;

/**
 * The app signed in to `running` over `dataDir`, once its `kind` of worker runs in a process of its
 * own; `onStart` gets the app first, so that a test's clean-up kills it whatever happens next.
 */
export async function startWorkerApp(
  kind: WorkerKind,
  dataDir: string,
  running: RunningService,
  onStart: (app: ChildProcess) => void,
): Promise<{ app: ChildProcess; workerPid: number }> {
  const { organisation, username, password } = running.demo;
  const app = spawn(
    process.execPath,
    [script, kind, dataDir, running.baseUrl, organisation, username, password],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  onStart(app);
  const [line] = (await once(createInterface({ input: app.stdout }), "line")) as [string];
  if (line !== "under way") throw new Error(`the app wrote "${line}", not "under way"`);
  const [worker] = childrenRunning(app.pid as number, workerModules[kind]);
  if (worker === undefined) throw new Error(`the app's ${kind} runs in no process of its own`);
  return { app, workerPid: worker.pid };
}
