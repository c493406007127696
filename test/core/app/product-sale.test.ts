// A product opened by id (from a search or the options matrix) is sold as a scan of it says: the same
// deposit and total, bundle parts, price entry and refusals, worked out by the same rule from the
// same read of the catalog. Against the reference service's demo sale cases, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSaleCode } from "../../../src/server/demo/demo-sale-cases.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { openTestCore, signInDemo, tempDir } from "../../support/service-fixtures.ts";

const saleCases = ["cola", "beerCrate", "juice", "appleJuice", "giftBox", "hamper", "looseFruit"];
const moreSaleCases = ["repair", "display", "recalled", "headphones", "drill", "voucher", "picnic"];

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
let wired: ReturnType<typeof openTestCore>;

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 200, seed: 31 });
  dir = await tempDir();
  wired = openTestCore(dir.path);
  await signInDemo(wired.session, service);
  await wired.core.sync();
}, 60_000);
afterAll(async () => {
  await wired?.core.close();
  await service?.close();
  await dir?.remove();
});

describe("a product opened by id", () => {
  it.each([...saleCases, ...moreSaleCases])("%s: is sold as its scan says", async (key) => {
    const scanned = await wired.core.lookup(demoSaleCode(key));
    const id = scanned.match?.product.id as string;
    expect(id).toBeDefined();

    const opened = await wired.core.product(id);

    expect(opened?.sale).toEqual(scanned.sale);
    expect(opened?.prices[id]).toEqual(scanned.price);
  });

  it("says a drink's deposit and the total to pay", async () => {
    const scanned = await wired.core.lookup(demoSaleCode("cola"));
    const opened = await wired.core.product(scanned.match?.product.id as string);
    expect(opened?.sale.linked).toHaveLength(1);
    expect(opened?.sale.total?.amount.gross).toBe(1.54);
  });

  it("answers null for an id the catalog does not hold", async () => {
    expect(await wired.core.product("no-such-product")).toBeNull();
  });
});
