// How a product is sold, through the real CLI against the reference service's demo catalog: a drink
// with its deposit in each of the three shapes charges price + deposit, a bundle lists its parts (a
// missing one said so), a price-entry product asks for the price, a not-for-sale one says so, and a
// serial-number one too; in --json and in the one-line answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSaleCaseIds, demoSaleCode } from "../../src/server/demo/demo-sale-cases.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import { demoLoginArgs, runCli } from "../support/cli-process.ts";
import { tempDir } from "../support/service-fixtures.ts";

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
const people = { LC_ALL: "en_GB.UTF-8", TZ: "Europe/Berlin" };
const cli = (...args: string[]) => runCli(["--data-dir", dir.path, ...args], people);
const lookup = async (key: string) => JSON.parse((await cli("lookup", demoSaleCode(key), "--json")).stdout);
const seed = 31;
// The ids the service gave the sale cases, known here without asking the CLI for them.
const ids = demoSaleCaseIds(seed);

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 200, seed });
  dir = await tempDir();
  expect((await runCli(["--data-dir", dir.path, ...demoLoginArgs(service.demo)], people)).code).toBe(0);
  expect((await cli("sync")).code).toBe(0);
}, 60_000);
afterAll(async () => {
  await service.close();
  await dir.remove();
});

describe("lookup says how a product is sold", () => {
  it.each([
    ["by id", "cola", "deposit", 1.29, 0.25, 1.54],
    ["by an entry with a quantity", "beerCrate", "crateDeposit", 15.99, 3.42, 19.41],
    ["embedded whole", "juice", "glassDeposit", 2.49, 0.15, 2.64],
  ])("a drink with its deposit named %s: price + deposit", async (_, drink, deposit, price, each, total) => {
    const answer = await lookup(drink);
    expect(answer.price.amount.gross).toBe(price);
    expect(answer.sale.linked).toEqual([
      expect.objectContaining({
        id: ids[deposit],
        quantity: 1,
        found: true,
        price: expect.objectContaining({ amount: expect.objectContaining({ gross: each }) }),
      }),
    ]);
    expect(answer.sale.total).toEqual({ amount: expect.objectContaining({ gross: total }), currency: "EUR" });
  });

  it("a drink with its deposit as a linked child: price + deposit", async () => {
    const answer = await lookup("appleJuice");
    const [child] = answer.match.variants;
    expect(child).toMatchObject({ type: "linked", parent: answer.match.product.id });
    expect(answer.sale.linked).toEqual([expect.objectContaining({ id: child.id, found: true })]);
    expect(answer.sale.linked[0].price.amount.gross).toBe(0.15);
    expect(answer.sale.total.amount.gross).toBe(2.14);
  });

  it("a bundle lists its parts, the one the catalog lacks as not found", async () => {
    const gift = await lookup("giftBox");
    expect(gift.sale.components).toEqual([
      { id: ids.coffee, name: "Kaffee ganze Bohne 500 g", quantity: 1, found: true },
      { id: ids.mug, name: "Kaffeebecher Steingut", quantity: 2, found: true },
    ]);
    const hamper = await lookup("hamper");
    expect(hamper.sale.components.map((part: { found: boolean }) => part.found)).toEqual([true, false, true]);
  });

  it("a price entered at the till, a product not for sale, one needing a serial number", async () => {
    expect((await lookup("voucher")).sale).toMatchObject({
      askPrice: true,
      zeroPriceAllowed: false,
      total: null,
    });
    expect((await lookup("repair")).sale).toMatchObject({
      askPrice: true,
      zeroPriceAllowed: true,
      serviceQuestions: 1,
    });
    expect((await lookup("display")).sale).toMatchObject({ sellable: false, askPrice: false });
    expect((await lookup("headphones")).sale).toMatchObject({ serialNumber: true, sellable: true });
    expect((await lookup("coffee")).sale).toMatchObject({
      sellable: true,
      askPrice: false,
      serialNumber: false,
      linked: [],
      components: [],
    });
  });

  it("says the same in short on the one-line answer", async () => {
    const line = async (key: string) => (await cli("lookup", demoSaleCode(key))).stdout.split("\n")[0];
    expect(await line("cola")).toContain("[with Pfand Einweg 0,25 € €0.25; to pay €1.54]");
    expect(await line("looseFruit")).toContain("[enter the price, suggested €2.99]");
    expect(await line("display")).toContain("[not for sale]");
    expect(await line("drill")).toContain("[serial number needed]");
    expect(await line("hamper")).toMatch(
      /\[bundle of 1 × Kaffee ganze Bohne 500 g, 1 × missing product [0-9a-f-]{36}, 3 × Schokolade Zartbitter 100 g\]/,
    );
    expect(await line("appleJuice")).not.toContain("*");
  });
});
