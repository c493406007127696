// A till whose clock is wrong (years back after a dead board battery, hours off after a time-zone
// mistake) against the reference service over loopback, whose own clock is injected and dates both
// its tokens and its Date headers. The till signs in once, syncs, stamps its catalog with the
// service's time, and signs in again only when the service's expiry comes, never on its own clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type WiredCatalog, wireCatalog } from "../../../src/core/app/catalog-wiring.ts";
import { dataDirStores } from "../../../src/core/storage/data-dir-stores.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { signInDemo, tempDir } from "../../support/service-fixtures.ts";
import { recordingFetch } from "../api/recording-fetch.ts";

const minute = 60_000;
const hour = 60 * minute;
const year = 365.25 * 24 * hour;
/** The service's clock; the till's is this plus the shift under test. */
let serviceNow = Date.parse("2030-06-01T08:00:00.000Z");
let service: RunningService;
const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];

beforeAll(async () => {
  service = await startService({
    port: 0,
    demoProducts: 40,
    seed: 5,
    tokenTtlSeconds: 3600,
    clock: () => serviceNow,
  });
});
afterAll(() => service.close());
afterEach(async () => {
  for (const dir of dirs.splice(0)) await dir.remove();
});

/** The catalog on `dataDir` with the till's clock `shiftMs` off the service's, counting what it asks. */
function tillWithClock(dataDir: string, shiftMs: number) {
  const recorder = recordingFetch();
  let refused = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await recorder.fetch(input, init);
    if (response.status === 401) refused += 1;
    return response;
  };
  const wired: WiredCatalog = wireCatalog({
    dataDir,
    ...dataDirStores(dataDir),
    clock: () => serviceNow + shiftMs,
    client: () => ({ fetch, sleep: async () => {} }),
  });
  return { ...wired, logins: () => recorder.count("/auth/"), refused: () => refused };
}

const shifts: [string, number][] = [
  ["10 years behind", -10 * year],
  ["2 hours behind", -2 * hour],
  ["2 hours ahead", 2 * hour],
];

describe.each(shifts)("a till clock %s the service's", (_name, shift) => {
  it("signs in once, syncs, and signs in again only at the service's expiry", async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const till = tillWithClock(dir.path, shift);
    const signedIn = await signInDemo(till.session, service, true);
    expect(signedIn.expiresAt).toBe(new Date(serviceNow + hour).toISOString());

    await till.core.sync();
    const status = await till.core.status();
    expect(status.session).toBe("signed-in");
    // Stamped with the service's time, so "catalog as of" is true whatever the till's clock says.
    expect(Math.abs(Date.parse(status.lastSyncAt as string) - serviceNow)).toBeLessThan(2000);
    expect(Math.abs((status.clockOffsetMs as number) + shift)).toBeLessThan(2000);
    expect(till.logins()).toBe(1);

    // Fifty minutes on, by both clocks: the token still holds on the service's time.
    serviceNow += 50 * minute;
    await till.core.sync();
    expect(till.logins()).toBe(1);

    // A process started now (the CLI's next command) has asked nothing yet: it judges the token by the
    // offset kept with the session, not by its own clock.
    const restarted = tillWithClock(dir.path, shift);
    expect((await restarted.session.state()).state).toBe("signed-in");
    expect(Math.abs(((await restarted.core.status()).clockOffsetMs as number) + shift)).toBeLessThan(2000);
    await restarted.core.sync();
    expect(restarted.logins()).toBe(0);

    // Past the service's expiry: exactly one new sign-in, before the service had to refuse anything.
    serviceNow += 15 * minute;
    await till.core.sync();
    expect(till.logins()).toBe(2);
    expect(till.refused() + restarted.refused()).toBe(0);
    await till.core.close();
    await restarted.core.close();
  });
});
