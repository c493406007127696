// Where the built picture worker is: electron-vite emits the worker module as its own file and turns
// this import into that file's path. Only the built app loads this module.
import imageWorkerPath from "../core/workers/image-worker.ts?modulePath";

export { imageWorkerPath };
