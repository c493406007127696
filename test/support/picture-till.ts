// A till for picture cache tests: signed in to the service and synced in a fresh data folder, with
// its picture cache on a clock the test moves by hand.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { catalogFileFor } from "../../src/core/catalog/catalog-store.ts";
import { openImageCache } from "../../src/core/images/image-cache.ts";
import type { RunningService } from "../../src/server/service.ts";
import { manualClock } from "./manual-clock.ts";
import { openTestCore, signInDemo } from "./service-fixtures.ts";

export async function syncedPictureTill(
  service: RunningService,
  /** Takes what to undo after the test. */
  defer: (cleanup: () => Promise<unknown> | unknown) => void,
) {
  const dataDir = await mkdtemp(join(tmpdir(), "pictures-test-"));
  defer(() => rm(dataDir, { recursive: true, force: true }));
  const wired = openTestCore(dataDir);
  defer(() => wired.core.close());
  await signInDemo(wired.session, service);
  await wired.core.sync();
  const clock = manualClock(Date.parse("2026-03-02T09:00:00Z"));
  const cache = openImageCache({ dataDir, clock: clock.now });
  defer(() => cache.close());
  return { dataDir, clock, cache, catalogFile: catalogFileFor(dataDir, service.demo.accountId) };
}
