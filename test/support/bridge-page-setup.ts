// Builds the browser bridge's page once for a whole test run (vitest's globalSetup of the projects
// with browser tests): each browser test file used to build the same screens again, seconds each.
// The build runs in the background, beside the first files' own start (their services, catalogs and
// Chromium), instead of before it; a till waits for it (run-page.ts).
import { mkdtempSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildBridgePage } from "../../src/bridge/build-page.ts";
import { buildFailureOf } from "./run-page.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The page the browser tests serve, read-only to them, once it exists (run-page.ts). */
    bridgePageDir: string;
  }
}

export default function buildPageInBackground(project: TestProject): () => Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "bridge-page-"));
  const pageDir = join(root, "page");
  const building = join(root, "building");
  // Settles when the build has ended, made or failed; never rejects.
  const ended = (async () => {
    try {
      await buildBridgePage(building);
      await rename(building, pageDir);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      await writeFile(buildFailureOf(pageDir), message);
    }
  })();
  project.provide("bridgePageDir", pageDir);
  return async () => {
    await ended;
    await rm(root, { recursive: true, force: true });
  };
}
