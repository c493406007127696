// Giving a catalog's free pages back after a sync moves pages through the write-ahead log, so it can
// find the disk full when the sync's own writes did not: the sync has stored everything by then, and
// must be reported as done, with the pages left for later writes.
import { afterAll, expect, it } from "vitest";
import { guardCatalogFile } from "../../../src/core/catalog/catalog-file-guard.ts";
import { catalogFileFor } from "../../../src/core/catalog/catalog-store.ts";
import { syncCatalogFile } from "../../../src/core/sync/catalog-file-sync.ts";
import { sessionProductsSource } from "../../../src/core/sync/session-source.ts";
import { startService } from "../../../src/server/service.ts";
import { AppError } from "../../../src/shared/app-error.ts";
import {
  adminApi,
  localProducts,
  openTestCore,
  signInDemo,
  tempDir,
} from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it("a sync whose free pages cannot be given back for a full disk still ends as done", async () => {
  const service = await startService({ port: 0, demoProducts: 300, seed: 21 });
  cleanups.push(() => service.close());
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const { session, core } = openTestCore(dir.path);
  cleanups.push(() => core.close());
  await signInDemo(session, service);
  const file = catalogFileFor(dir.path, service.demo.accountId);
  const guard = guardCatalogFile(file, Date.now);
  cleanups.push(() => guard.close());
  const tried: string[] = [];
  // The real catalog, but the disk is full by the time the pages would move.
  const fullAtTheEnd: typeof guard = {
    ...guard,
    write: (work) =>
      guard.write((store) =>
        work({
          ...store,
          giveBackFreePages: async () => {
            tried.push(file);
            throw new AppError("disk-full", "The disk is full.");
          },
        }),
      ),
  };

  const summary = await syncCatalogFile({
    file,
    catalog: fullAtTheEnd,
    source: sessionProductsSource(session),
    clock: Date.now,
    full: true,
    pageSize: 100,
  });
  expect(tried).toEqual([file]);
  expect(summary).toMatchObject({ mode: "full", mismatch: false });
  expect(localProducts(dir.path, service.demo.accountId)).toEqual(
    await (await adminApi(service)).liveProducts(),
  );
});
