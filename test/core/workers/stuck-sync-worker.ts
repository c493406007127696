// The real sync worker, made to get stuck the way a bug would: after its third progress message its
// thread blocks for good, mid-sync, holding its write connection, and never posts again.
import { parentPort } from "node:worker_threads";

const port = parentPort;
if (port === null) throw new Error("run this as a worker thread");
const post = port.postMessage.bind(port);
let progress = 0;
port.postMessage = (message: { type: string }) => {
  post(message);
  if (message.type === "progress" && ++progress === 3) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }
};
await import("../../../src/core/workers/sync-worker.ts");
