// What a process allocates, by the function that allocated it, garbage included: where the garbage
// collector's work comes from. Preload it into any bench script:
//   node --import ./bench/allocation-sampler.mjs bench/sync-run.ts ours '{…}'
// At exit it prints the total sampled and the sites that allocated most, to stderr.
import { Session } from "node:inspector";

const session = new Session();
session.connect();
session.post("HeapProfiler.enable");
session.post("HeapProfiler.startSampling", {
  samplingInterval: 32768,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});

process.on("exit", () => {
  // A session in the same thread answers at once, so this runs before the process ends.
  session.post("HeapProfiler.stopSampling", (error, result) => {
    if (error) return void process.stderr.write(`allocation sampler: ${error.message}\n`);
    /** @type {Map<string, number>} */
    const bySite = new Map();
    /** @param {import("node:inspector").HeapProfiler.SamplingHeapProfileNode} node */
    const visit = (node) => {
      const { url, functionName, lineNumber } = node.callFrame;
      const site = `${url.replace(/^.*\/(src|bench|node_modules)\//, "$1/")} ${functionName}:${lineNumber + 1}`;
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      for (const child of node.children) visit(child);
    };
    visit(result.profile.head);
    const mb = (/** @type {number} */ bytes) => (bytes / 2 ** 20).toFixed(0).padStart(6);
    const total = [...bySite.values()].reduce((sum, bytes) => sum + bytes, 0);
    const top = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 15);
    process.stderr.write(`allocated ${mb(total)} MB in all, the most by:\n`);
    for (const [site, bytes] of top) process.stderr.write(`${mb(bytes)} MB  ${site}\n`);
  });
});
