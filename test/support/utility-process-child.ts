// Under plain Node, what Electron gives a utility process: `process.parentPort`, here over Node's IPC
// channel, then the module the parent asked for. Run by utility-process-double.ts as
// `node utility-process-child.ts MODULE_PATH`.
import { EventEmitter } from "node:events";
import { pathToFileURL } from "node:url";

const parentPort = Object.assign(new EventEmitter(), {
  postMessage: (message: unknown) => process.send?.(message),
});
process.on("message", (data) => parentPort.emit("message", { data, ports: [] }));
Object.assign(process, { parentPort });
await import(pathToFileURL(process.argv[2] as string).href);
