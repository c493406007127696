// The CLI's bundle and the workers' are built at their first use and kept (src/cli/built-entry.mjs).
// In a fresh clone the run's first files start at once, and every process that found no bundle built
// its own: eight builds of the CLI and three of each worker in one CI run (issue 52).
// Built once here, before the files start (vitest's globalSetup), each process finds them made.
import { cliBuiltEntry } from "../../src/cli/built-entry.mjs";
import { bundledWorkers } from "../../src/cli/bundled-workers.ts";

// vitest runs each project's global set-up as a module of that project's own, side by side: the one
// build the projects share is kept on the process.
const key = Symbol.for("pos-catalog.test.prebuilt-bundles");
const processWide = globalThis as { [key]?: Promise<unknown> };

export default async function buildBundlesOnce(): Promise<void> {
  processWide[key] ??= Promise.all([cliBuiltEntry(), bundledWorkers()]);
  await processWide[key];
}
