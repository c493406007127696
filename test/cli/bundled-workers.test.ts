// The catalog's worker modules as `npm run ui` and the tests' catalog services start them: built
// bundles, not the .ts sources they fall back to. That the bundles run a sync and a picture run is
// what the catalog service's tests and the browser tests do with them.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundledWorkers } from "../../src/cli/bundled-workers.ts";

describe("the bundled workers", () => {
  it("are built bundles under the package's cache, the same ones on a second ask", async () => {
    const first = await bundledWorkers();
    for (const url of [first.sync, first.pictures]) {
      const file = fileURLToPath(url);
      expect(file).toMatch(/\/node_modules\/\.cache\/(sync|image)-worker\/v[\d.]+\/builds\/.+\.mjs$/u);
      expect(existsSync(file)).toBe(true);
    }
    expect(first.sync.href).not.toBe(first.pictures.href);
    const second = await bundledWorkers();
    expect(second.sync.href).toBe(first.sync.href);
    expect(second.pictures.href).toBe(first.pictures.href);
  });
});
