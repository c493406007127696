// The price a lookup answers follows the service's clock (as the till measured it) and settings, not the last sync: an offer
// that begins or ends while the till runs changes the answer at that instant, with the service gone;
// a change of branch applies to the next scan. Real service, real sync, real SQLite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wireCatalog } from "../../src/core/app/catalog-wiring.ts";
import { dataDirStores } from "../../src/core/storage/data-dir-stores.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import type { PriceSettings } from "../../src/shared/settings/app-settings.ts";
import { adminApi, signInDemo, tempDir } from "../support/service-fixtures.ts";

const hour = 3_600_000;
const start = Date.now();
const offerFrom = start + hour;
const offerTo = start + 2 * hour;
const code = "4006381333931";
const gross = (value: number) => [{ amount: { net: value, gross: value }, currency: "EUR" }];

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
let now = start;
let prices: PriceSettings = { branch: null, currency: null };
let wired: ReturnType<typeof wireCatalog>;

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 20, seed: 5 });
  dir = await tempDir();
  await (await adminApi(service)).createProduct({
    name: "Glühwein 1 l",
    barcode: code,
    prices: {
      default_prices: gross(3.99),
      branch_prices: [{ branch: "north", prices: gross(3.49) }],
      scaled_prices: [{ qty: 6, prices: gross(3.29) }],
      time_based_prices: [
        {
          time_range: { start: new Date(offerFrom).toISOString(), end: new Date(offerTo).toISOString() },
          prices: gross(2.99),
        },
      ],
    },
  });
  wired = wireCatalog({
    dataDir: dir.path,
    ...dataDirStores(dir.path),
    clock: () => now,
    prices: () => prices,
  });
  await signInDemo(wired.session, service);
  await wired.core.sync();
  // Everything below is answered by the till alone.
  await service.close();
});
afterAll(async () => {
  await wired.core.close();
  await dir.remove();
});

/** The price when the service's clock (which prices follow) says `at`: the till's is off by the offset. */
async function priceAt(at: number) {
  now = at - (wired.serviceTime.offsetMs() ?? 0);
  return (await wired.core.lookup(code)).price;
}

describe("a price over time, with the service gone", () => {
  it("is the default until the offer begins, and says when that is", async () => {
    expect(await priceAt(start)).toMatchObject({
      source: "default",
      amount: { gross: 3.99 },
      until: new Date(offerFrom).toISOString(),
      tiers: [{ qty: 6, amount: { gross: 3.29 } }],
    });
    expect((await priceAt(offerFrom - 1))?.source).toBe("default");
  });

  it("is the offer from its first instant to its last", async () => {
    for (const at of [offerFrom, offerTo - 1]) {
      expect(await priceAt(at)).toMatchObject({
        source: "time-based",
        amount: { gross: 2.99 },
        until: new Date(offerTo).toISOString(),
        tiers: [],
      });
    }
  });

  it("is the branch's price once the offer has ended, for a till of that branch", async () => {
    prices = { branch: "north", currency: null };
    expect(await priceAt(offerTo)).toMatchObject({ source: "branch", amount: { gross: 3.49 }, until: null });
    prices = { branch: null, currency: null };
    expect(await priceAt(offerTo)).toMatchObject({ source: "default", amount: { gross: 3.99 } });
  });

  it("has no price in a currency the product is not priced in", async () => {
    prices = { branch: "north", currency: "CHF" };
    const answer = await wired.core.lookup(code);
    expect(answer.match?.product.name).toBe("Glühwein 1 l");
    expect(answer.price).toBeNull();
    prices = { branch: null, currency: null };
  });
});
