// Where the built sync worker is: electron-vite emits the worker module as its own file and turns
// this import into that file's path. Only the built app loads this module.
import syncWorkerPath from "../core/workers/sync-worker.ts?modulePath";

export { syncWorkerPath };
