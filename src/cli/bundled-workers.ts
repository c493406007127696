// The catalog's worker modules (the sync's and the picture run's) as one bundle each, built the way
// the CLI's own entry is (built-entry.mjs) and kept beside it. A worker started from the TypeScript
// sources strips and compiles each of its files again on every sync and picture run
// (`npm run bench -- --only worker-start` measures a sync both ways).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtEntry, packageCache } from "./built-entry.mjs";

export interface WorkerModules {
  sync: URL;
  pictures: URL;
}

/** The bundles, built on first use and again when a source changes; a source where none can be built. */
export async function bundledWorkers(): Promise<WorkerModules> {
  const [sync, pictures] = await Promise.all([
    bundled(new URL("../core/workers/sync-worker.ts", import.meta.url), "sync-worker"),
    bundled(new URL("../core/workers/image-worker.ts", import.meta.url), "image-worker"),
  ]);
  return { sync, pictures };
}

async function bundled(source: URL, name: string): Promise<URL> {
  const cacheDir = join(packageCache, name, process.version);
  const built = await builtEntry({ entry: fileURLToPath(source), cacheDir });
  return built === null ? source : new URL(built);
}
