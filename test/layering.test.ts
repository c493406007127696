// The layering is a lint rule: each forbidden import is refused by `biome lint` with its reason, and
// the imports each folder needs still pass. Each probe file is linted in a temporary tree under the
// project's own biome.json, so the check never writes into the source folders.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const biome = fileURLToPath(new URL("../node_modules/@biomejs/biome/bin/biome", import.meta.url));
const config = JSON.parse(readFileSync(new URL("../biome.json", import.meta.url), "utf8"));
const tree = mkdtempSync(join(tmpdir(), "layering-"));
// The temporary tree is no git checkout.
writeFileSync(join(tree, "biome.json"), JSON.stringify({ ...config, vcs: { enabled: false } }));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function lint(path: string, source: string): { ok: boolean; output: string } {
  const file = join(tree, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  try {
    const result = spawnSync(process.execPath, [biome, "lint", path], { cwd: tree, encoding: "utf8" });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(file);
  }
}

const refused: [string, string, string][] = [
  ["src/shared/x.ts", 'import { readFileSync } from "node:fs";', "src/shared runs everywhere"],
  ["src/shared/x.ts", 'import Database from "better-sqlite3";', "src/shared runs everywhere"],
  [
    "src/shared/x.ts",
    'import { runSync } from "../core/sync/sync-engine.ts";',
    "src/shared depends on nothing",
  ],
  ["src/core/x.ts", 'import { app } from "electron";', "src/core is platform-neutral"],
  [
    "src/core/x.ts",
    'import { startService } from "../server/service.ts";',
    "src/core imports only src/shared",
  ],
  ["src/main/x.ts", 'import { startService } from "../server/service.ts";', "only src/cli may start"],
  [
    "src/preload/x.ts",
    'import { wireCatalog } from "../core/app/catalog-wiring.ts";',
    "The preload runs sandboxed",
  ],
  [
    "src/renderer/src/x.tsx",
    'import { createCatalogCore } from "../../core/app/catalog-core.ts";',
    "imports only src/shared",
  ],
  ["src/renderer/src/x.tsx", 'import { ipcRenderer } from "electron";', "sandboxed web page"],
  ["src/renderer/src/x.tsx", 'import { readFile } from "node:fs/promises";', "sandboxed web page"],
  [
    "src/server/x.ts",
    'import { wireCatalog } from "../core/app/catalog-wiring.ts";',
    "shares only the contract",
  ],
  ["src/cli/x.ts", 'import { app } from "electron";', "Only src/main and src/preload may import electron"],
  // The service's rooms never reach into the demo: the start plugs it in.
  [
    "src/server/http/x.ts",
    'import { demoTaxes } from "../demo/demo-taxes.ts";',
    "The demo hangs off the side",
  ],
  [
    "src/server/store/x.ts",
    'import { demoPlugin } from "../demo/demo-plugin.ts";',
    "The demo hangs off the side",
  ],
  [
    "src/server/auth/x.ts",
    'import { createRandom } from "../demo/seeded-random.ts";',
    "The demo hangs off the side",
  ],
  [
    "src/server/faults/x.ts",
    'import { drawDemoImage } from "../demo/demo-images.ts";',
    "The demo hangs off the side",
  ],
  ["src/server/http/x.ts", 'import { startService } from "../service.ts";', "a room never imports the start"],
  ["src/server/store/x.ts", 'import { app } from "electron";', "never imports electron"],
  [
    "src/cli/x.ts",
    'import { maxDemoProducts } from "../server/demo/demo-catalog.ts";',
    "only through its start",
  ],
  ["src/cli/x.ts", 'import { openDatabase } from "../server/store/database.ts";', "only through its start"],
  ["test/x.test.ts", 'import { app } from "electron";', "Only src/main and src/preload may import electron"],
  ["src/core/x.ts", 'import { readFileSync } from "fs";', "node:"],
  ["src/bridge/x.ts", 'import { app } from "electron";', "The browser bridge stands in"],
  ["src/bridge/x.ts", 'import { startService } from "../server/service.ts";', "The browser bridge serves"],
  ["src/bridge/page/x.ts", 'import { readFile } from "node:fs/promises";', "runs in the browser page"],
  // The front door: hosts enter src/core through src/core/app/index.ts alone (the shell also through
  // the parts it plugs Electron into).
  ["src/cli/x.ts", 'import { createCatalogCore } from "../core/app/catalog-core.ts";', "front door"],
  ["src/cli/x.ts", 'import { runSync } from "../core/sync/sync-engine.ts";', "front door"],
  ["src/bridge/x.ts", 'import { trustedSender } from "../core/ipc/trusted-sender.ts";', "front door"],
  ["src/main/x.ts", 'import { openCatalogStore } from "../core/catalog/catalog-store.ts";', "front door"],
  ["src/main/x.ts", 'import { wireCatalog } from "../core/app/catalog-wiring.ts";', "front door"],
  [
    "src/bridge/page/x.ts",
    'import { wireCatalog } from "../../core/app/catalog-wiring.ts";',
    "src/bridge/page runs in the browser page: it may import",
  ],
];

const allowed: [string, string][] = [
  ["src/main/x.ts", 'import { app } from "electron";'],
  ["src/preload/x.ts", 'import { contextBridge } from "electron";'],
  ["src/cli/x.ts", 'import { startService } from "../server/service.ts";'],
  ["src/server/service.ts", 'import { demoPlugin } from "./demo/demo-plugin.ts";'],
  ["src/server/demo/x.ts", 'import { insertProducts } from "../store/products-store.ts";'],
  ["src/server/http/x.ts", 'import { openDatabase } from "../store/database.ts";'],
  ["src/core/x.ts", 'import { readFile } from "node:fs/promises";'],
  ["src/main/x.ts", 'import { openCatalog } from "../core/app/index.ts";'],
  ["src/main/x.ts", 'import { createJsonFileStore } from "../core/storage/json-file-store.ts";'],
  ["src/main/x.ts", 'import { trustedSender } from "../core/ipc/trusted-sender.ts";'],
  ["src/main/x.ts", 'import syncWorkerPath from "../core/workers/sync-worker.ts?modulePath";'],
  ["src/cli/x.ts", 'import { openCatalog } from "../core/app/index.ts";'],
  ["src/renderer/src/x.tsx", 'import { productSchema } from "../../shared/api/product.ts";'],
  ["test/x.test.ts", 'import { startService } from "../src/server/service.ts";'],
  ["src/bridge/x.ts", 'import { createCatalogHandlers } from "../core/app/index.ts";'],
  ["src/bridge/page/x.ts", 'import { createCatalogApi } from "../../preload/catalog-bridge.ts";'],
  ["src/cli/x.ts", 'import { serveCatalog } from "../bridge/serve-catalog.ts";'],
];

describe("the layering lint rules", () => {
  it.each(refused)("refuses in %s: %s", (path, line, reason) => {
    const result = lint(path, `${line}\nexport const used = [${nameOf(line)}];\n`);
    expect(result.ok).toBe(false);
    expect(result.output).toContain(reason);
  });

  it.each(allowed)("allows in %s: %s", (path, line) => {
    const result = lint(path, `${line}\nexport const used = [${nameOf(line)}];\n`);
    expect(result.output).not.toContain("noRestrictedImports");
    expect(result.ok).toBe(true);
  });
});

function nameOf(importLine: string): string {
  return (/import \{? ?(\w+)/.exec(importLine)?.[1] ?? "") as string;
}
