// `health` as a monitoring agent runs it, a child process per call: 0 with a fresh catalog, 1 with
// one older than the stale age (synced while the service's clock stood two days back), 2 with no
// catalog and with a damaged file; one line saying why, or the same as JSON.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { catalogFileFor } from "../../src/core/catalog/catalog-store.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import { cliFixture } from "../support/cli-fixture.ts";
import { demoLoginArgs, runCli } from "../support/cli-process.ts";
import { damageMiddle } from "../support/damage-file.ts";
import { copyTill } from "../support/till-copy.ts";

vi.setConfig({ testTimeout: 90_000 });

const day = 86_400_000;
const fixture = cliFixture({ demoProducts: 300, seed: 36 });

type Till = { dir: string; cli: (...args: string[]) => ReturnType<typeof runCli> };

function tillIn(dir: string): Till {
  return { dir, cli: (...args: string[]) => runCli(["--data-dir", dir, ...args]) };
}

/** A till signed in (remembered) and synced by the real CLI against `from`. */
async function syncedTill(from: RunningService): Promise<Till> {
  const till = tillIn(await fixture.newDir());
  expect((await till.cli(...demoLoginArgs(from.demo), "--remember")).code).toBe(0);
  const sync = await till.cli("sync");
  expect(sync.code, sync.stderr).toBe(0);
  return till;
}

// The file's service synced once; each test that needs that till works on a copy of it.
let synced: Till;
beforeAll(async () => {
  synced = await syncedTill(fixture.service());
});
const copyOfSynced = async (): Promise<Till> => tillIn(copyTill(synced.dir, await fixture.newDir()));

describe("health", () => {
  it("answers 0 with one line when the catalog is fresh", async () => {
    const { cli } = await copyOfSynced();
    const health = await cli("health");
    expect(health.code).toBe(0);
    expect(health.stdout).toMatch(/^OK: [\d,]+ products, catalog as of .+\.\n$/);
  });

  it("answers 1 when the catalog is older than the stale age, judged by the service's clock", async () => {
    // A service whose clock stands two days back while the till syncs, then runs right again.
    let lag = 2 * day;
    const behind = await startService({
      port: 0,
      demoProducts: 200,
      seed: 37,
      clock: () => Date.now() - lag,
    });
    try {
      const till = await syncedTill(behind);
      lag = 0;
      // A sign-in on the service's real time: the till's clock is right again, only the catalog is old.
      expect((await till.cli(...demoLoginArgs(behind.demo), "--remember")).code).toBe(0);
      const health = await till.cli("health");
      expect(health.code, health.stdout).toBe(1);
      expect(health.stdout).toBe(
        "WARNING: The catalog is 2 days old, older than the stale age of 24 hours.\n",
      );
      const json = JSON.parse((await till.cli("health", "--json")).stdout);
      expect(json).toMatchObject({
        level: "warning",
        exitCode: 1,
        reasons: [expect.stringMatching(/2 days old/)],
      });
    } finally {
      await behind.close();
    }
  });

  it("answers 2 with no catalog, and with a damaged catalog file", async () => {
    const none = await runCli(["--data-dir", await fixture.newDir(), "health"]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe("FAILING: There is no catalog on this till: sign in and sync first.\n");

    const { dir, cli } = await copyOfSynced();
    damageMiddle(catalogFileFor(dir, fixture.service().demo.accountId));
    const damaged = await cli("health");
    expect(damaged.code).toBe(2);
    expect(damaged.stdout).toMatch(/^FAILING: The catalog file was damaged/);
  });

  it("answers 2 when the session ended and nothing can renew it", async () => {
    const { cli } = await copyOfSynced();
    expect((await cli("logout")).code).toBe(0);
    const health = await cli("health", "--json");
    expect(health.code).toBe(2);
    expect(JSON.parse(health.stdout)).toMatchObject({
      level: "failing",
      reasons: [expect.stringMatching(/Signed out/)],
    });
  });
});
