// Builds the browser bridge's page once for a whole test run (vitest's globalSetup of the projects
// with browser tests): each browser test file used to build the same screens again, seconds each.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildBridgePage } from "../../src/bridge/build-page.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built page the browser tests serve, read-only to them. */
    bridgePageDir: string;
  }
}

export default async function buildPageOnce(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "bridge-page-"));
  await buildBridgePage(dir);
  project.provide("bridgePageDir", dir);
  return () => rm(dir, { recursive: true, force: true });
}
