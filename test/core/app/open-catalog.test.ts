// The CLI and the app open the catalog through one function (openCatalog): the CLI syncs on its own
// thread with nothing in the background, the app in a worker thread on its schedule. Both ways over
// one data folder read and write the same catalog, with the same answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBrowserCatalog } from "../../../src/bridge/browser-catalog.ts";
import { openCliCatalog } from "../../../src/cli/open-catalog.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import type { Product } from "../../../src/shared/api/product.ts";
import { tempDir } from "../../support/service-fixtures.ts";

let service: RunningService;
let dir: { path: string; remove: () => Promise<void> };

beforeAll(async () => {
  // Enough products for some to have barcodes; each one is synced twice and its pictures fetched.
  service = await startService({ port: 0, demoProducts: 60 });
  dir = await tempDir();
});
afterAll(async () => {
  await service?.close();
  await dir?.remove();
});

describe("one way to open the catalog", () => {
  it("syncs in the CLI's process and in the app's worker, and both read the same catalog", async () => {
    const { organisation, username, password } = service.demo;
    const cli = openCliCatalog(dir.path);
    let product: Product;
    try {
      await cli.start();
      await cli.signInOrganisation({
        baseUrl: service.baseUrl,
        organisation,
        username,
        password,
        remember: true,
      });
      const progress: number[] = [];
      const summary = await cli.startSync({
        mode: "incremental",
        onProgress: (step) => progress.push(step.done),
      });
      expect(summary.products).toBeGreaterThan(0);
      expect(progress.length).toBeGreaterThan(0);
      // Nothing planned and no pictures after it: a command ends when its work does.
      const status = await cli.status();
      expect(status.sync).toEqual({ running: false, mode: null, progress: null, nextAt: null });
      expect(status.images.running).toBe(false);
      // Some demo goods are sold by touch and have no barcode (rolls, coffee): the first that has one.
      const found = (await cli.search({ text: "a", limit: 20 })).find((hit) => hit.barcode != null);
      if (found?.barcode == null) throw new Error("the demo catalog has no product with a barcode");
      product = found;
    } finally {
      await cli.close();
    }

    const app = await openBrowserCatalog(dir.path);
    try {
      const before = await app.service.catalogStatus();
      expect(before.products).toBeGreaterThan(0);
      expect((await app.service.lookup({ code: product.barcode as string })).match?.product.id).toBe(
        product.id,
      );
      await app.service.cancelSync();
      while ((await app.service.status()).sync.running)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const summary = await app.service.startSync({ mode: "full" });
      expect(summary.mode).toBe("full");
      expect(summary.products).toBe(before.products);
      // The app plans its next sync; the CLI never does.
      expect((await app.service.status()).sync.nextAt).not.toBeNull();
    } finally {
      await app.close();
    }

    const again = openCliCatalog(dir.path);
    try {
      await again.start();
      const status = await again.catalogStatus();
      expect(status.lastFullSyncAt).not.toBeNull();
      expect((await again.lookup({ code: product.barcode as string })).match?.product.id).toBe(product.id);
    } finally {
      await again.close();
    }
  });
});
