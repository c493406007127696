// The sync reads the account's branch list when the service has one: branches then come by number
// and name, and give the till its currency and offer time zone; a service without a list (404) leaves
// them known by id, quietly.
import { afterAll, describe, expect, it } from "vitest";
import { wireCatalog } from "../../../src/core/app/catalog-wiring.ts";
import { dataDirStores } from "../../../src/core/storage/data-dir-stores.ts";
import { demoBranches } from "../../../src/server/demo/demo-branches.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { tillPricing } from "../../../src/shared/catalog/branch-pricing.ts";
import { type ModelUpstream, startModelUpstream } from "../../support/model-upstream.ts";
import { product } from "../../support/product-records.ts";
import { adminApi, openTestCore, signInDemo, tempDir } from "../../support/service-fixtures.ts";

const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
  for (const dir of dirs) await dir.remove();
});

async function freshCore() {
  const dir = await tempDir();
  dirs.push(dir);
  const wired = openTestCore(dir.path);
  closing.unshift(() => wired.close());
  return wired;
}

describe("the branch list", () => {
  it("is read by the sync from the reference service: each branch by number and name, with its currency", async () => {
    const service: RunningService = await startService({ port: 0, demoProducts: 300, seed: 4 });
    closing.push(() => service.close());
    // Priced in francs first: a till with no currency of its own charges a product's first currency.
    const price = (currency: string, gross: number) => ({ amount: { net: gross, gross }, currency });
    await (await adminApi(service)).createProduct({
      name: "Mozartkugel",
      barcode: "9001234567897",
      prices: { default_prices: [price("CHF", 3.1), price("EUR", 2.9)] },
    });
    const dir = await tempDir();
    dirs.push(dir);
    const { session, core } = openTestCore(dir.path);
    await signInDemo(session, service);
    await core.sync();
    expect((await core.lookup("9001234567897")).price).toMatchObject({ currency: "CHF" });
    await core.close();
    // A till of the Vienna branch, no currency set: the branch's, from the service's list.
    const wien = demoBranches[2]?.id ?? null;
    const till = wireCatalog({
      dataDir: dir.path,
      ...dataDirStores(dir.path),
      clock: Date.now,
      prices: () => ({ branch: wien, currency: null }),
    });
    closing.unshift(() => till.close());
    expect((await till.core.lookup("9001234567897")).price).toMatchObject({
      currency: "EUR",
      amount: { gross: 2.9 },
    });
    const listed = await till.core.branches();
    expect(listed.map(({ branch, name, number }) => ({ branch, name, number }))).toEqual(
      demoBranches.map((branch) => ({ branch: branch.id, name: branch.name, number: branch.branch_number })),
    );
    expect(listed.some((branch) => branch.products > 0)).toBe(true);
    // The status names the till's branch as people know it, not by its id.
    expect((await till.core.status()).branchName).toBe(`3 ${demoBranches[2]?.name}`);
  });

  it("is left alone, quietly, when the service has none (404): branches are known by id", async () => {
    const upstream: ModelUpstream = await startModelUpstream([
      {
        id: "p1",
        updatedAt: Date.UTC(2026, 0, 1),
        deleted: false,
        record: product({
          id: "p1",
          prices: { default_prices: [], branch_prices: [{ branch: "b-7", prices: [] }] },
        }),
      },
    ]);
    closing.push(() => upstream.close());
    const { session, core } = await freshCore();
    await session.signInApiKey({
      baseUrl: upstream.baseUrl,
      accountId: "acct",
      apiKey: "k",
      remember: false,
    });
    const summary = await core.sync();
    expect(summary).toMatchObject({ received: 1, rejected: 0 });
    expect(await core.branches()).toEqual([{ branch: "b-7", products: 1, name: null, number: null }]);
    expect((await core.status()).branchName).toBeNull();
  });
});

describe("tillPricing", () => {
  const system = "UTC";
  const wien = { currency: "EUR", timeZone: "Europe/Vienna" };

  it("takes the branch's currency and time zone where the till sets none", () => {
    expect(tillPricing({ branch: "w", currency: null }, wien, { system })).toEqual({
      branch: "w",
      currency: "EUR",
      timeZone: "Europe/Vienna",
    });
  });

  it("keeps the till's own currency and a time zone given to it", () => {
    const pricing = tillPricing({ branch: "w", currency: "CHF" }, wien, { given: "Europe/Zurich", system });
    expect(pricing).toEqual({ branch: "w", currency: "CHF", timeZone: "Europe/Zurich" });
  });

  it("falls back to the system's zone for a branch without one, or with one this system does not know", () => {
    expect(tillPricing({ branch: "w", currency: null }, null, { system }).timeZone).toBe("UTC");
    const unknown = { currency: null, timeZone: "Mars/Olympus" };
    expect(tillPricing({ branch: "w", currency: null }, unknown, { system })).toEqual({
      branch: "w",
      currency: null,
      timeZone: "UTC",
    });
  });

  it("answers a zone the same at every scan, known or not, once the answer is kept", () => {
    const unknown = { currency: null, timeZone: "Mars/Olympus" };
    for (let scan = 0; scan < 3; scan++) {
      expect(tillPricing({ branch: "w", currency: null }, unknown, { system }).timeZone).toBe("UTC");
      expect(tillPricing({ branch: "w", currency: null }, wien, { system }).timeZone).toBe("Europe/Vienna");
    }
  });
});
