// The desktop app's catalog service when the till itself is in trouble: a catalog found damaged while
// the service cannot be reached, and a till clock days off the service's. Real worker, real files,
// the reference service over loopback.
import { afterAll, describe, expect, it } from "vitest";
import { catalogFileFor } from "../../../src/core/catalog/catalog-store.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import {
  openTestService,
  signInDemoService,
  syncsSettled,
  type TestCatalogService,
} from "../../support/catalog-service-fixtures.ts";
import { damageMiddle } from "../../support/damage-file.ts";
import { manualClock } from "../../support/manual-clock.ts";
import { tempDir } from "../../support/service-fixtures.ts";

const day = 86_400_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function referenceService(): Promise<RunningService> {
  const running = await startService({ port: 0, demoProducts: 300, seed: 41 });
  cleanups.push(() => running.close().catch(() => undefined));
  return running;
}

async function dataDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

function track(test: TestCatalogService): TestCatalogService {
  cleanups.push(() => test.service.close());
  return test;
}

describe("the catalog service in trouble", () => {
  it("starts offline with a damaged catalog, and its status says so instead of failing", async () => {
    const running = await referenceService();
    const dir = await dataDir();
    const first = openTestService(dir);
    await first.service.start();
    await signInDemoService(first.service, running);
    await syncsSettled(first);
    await first.service.close();
    await running.close();
    damageMiddle(catalogFileFor(dir, running.demo.accountId));

    const test = track(openTestService(dir));
    await test.service.start();
    const status = await test.service.status();
    expect(status).toMatchObject({
      products: 0,
      catalogProblem: {
        kind: "damaged",
        message: expect.stringMatching(/set aside as .*damaged-.*Run a sync/),
      },
    });
    // The status events the screens wait for arrive too, once the service is found unreachable.
    const offline = await test.nextStatus((next) => next.online === false && !next.sync.running);
    expect(offline.catalogProblem?.kind).toBe("damaged");
  });

  it("stamps the catalog with the service's time and warns of a till clock two days ahead", async () => {
    const running = await referenceService();
    const clock = manualClock(Date.now() + 2 * day);
    const test = track(openTestService(await dataDir(), { clock }));
    await test.service.start();
    await signInDemoService(test.service, running);
    await syncsSettled(test);
    const status = await test.service.status();
    expect(Math.abs((status.clockOffsetMs as number) + 2 * day)).toBeLessThan(5000);
    // "Catalog as of" is the service's time (the real one here), not the till's two days on.
    expect(Math.abs(Date.parse(status.freshness.catalogAsOf as string) - Date.now())).toBeLessThan(60_000);
    expect(status.freshness.stale).toBe(false);
    expect(status.tokenExpiresAt).not.toBeNull();
    expect(status.session).toBe("signed-in");
  });
});
