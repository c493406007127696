// A till's branch through the real CLI, as child processes against the reference service: the branches
// listed by number and name, chosen by either; after `branch ID` a lookup charges that branch's price (in --json, in the one-line answer and on a scale
// label), `status` says so, and after `branch --none` the default price is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoBranches } from "../../src/server/demo/demo-branches.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import { withCheckDigit } from "../../src/shared/barcode/gtin.ts";
import { multiplyMoney } from "../../src/shared/catalog/money.ts";
import { demoLoginArgs, runCli } from "../support/cli-process.ts";
import { adminApi, tempDir } from "../support/service-fixtures.ts";

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
const people = { LC_ALL: "en_GB.UTF-8", TZ: "Europe/Berlin" };
const cli = (...args: string[]) => runCli(["--data-dir", dir.path, ...args], people);
const json = async (...args: string[]) => JSON.parse((await cli(...args, "--json")).stdout);

const bread = { code: "4006381333931", default: 2.99, branch: 2.49 };
const cheese = { base: withCheckDigit("213131300000"), default: 18.9, branch: 16.9 };
const gross = (value: number) => [{ amount: { net: value, gross: value }, currency: "EUR" }];
const pricedIn = (branch: string, atDefault: number, atBranch: number) => ({
  default_prices: gross(atDefault),
  branch_prices: [
    { branch: "shop-3", prices: gross(atBranch + 1) },
    { branch, prices: gross(atBranch) },
  ],
});

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 200, seed: 25 });
  dir = await tempDir();
  const admin = await adminApi(service);
  await admin.createProduct({
    name: "Roggenbrot",
    barcode: bread.code,
    prices: pricedIn("shop-7", 2.99, 2.49),
  });
  await admin.createProduct({
    name: "Bergkäse, per kg",
    barcode: cheese.base,
    prices: pricedIn("shop-7", cheese.default, cheese.branch),
  });
  const login = await runCli(["--data-dir", dir.path, ...demoLoginArgs(service.demo)], people);
  expect(login.code).toBe(0);
  expect((await cli("sync")).code).toBe(0);
}, 60_000);
afterAll(async () => {
  await service.close();
  await dir.remove();
});

describe("the till's branch", () => {
  it("charges the default price while the till has no branch", async () => {
    const answer = await json("lookup", bread.code);
    expect(answer.price).toMatchObject({
      source: "default",
      amount: { gross: bread.default },
      currency: "EUR",
    });
    expect((await json("status")).prices).toEqual({ branch: null, currency: null });
  });

  it("lists the service's branches by number and name, and those only prices name, with how many products each", async () => {
    const result = await cli("branch");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("This till has no branch");
    const [berlin, hamburg, wien] = demoBranches;
    expect(result.stdout).toMatch(
      new RegExp(`^ {2}1 Berlin Mitte {2}[\\d,]+ products {2}${berlin?.id}$`, "m"),
    );
    expect(result.stdout).toMatch(
      new RegExp(`^ {2}2 Hamburg Altona {2}[\\d,]+ products {2}${hamburg?.id}$`, "m"),
    );
    expect(result.stdout).toMatch(new RegExp(`^ {2}3 Wien Neubau {2}[\\d,]+ products {2}${wien?.id}$`, "m"));
    expect(result.stdout).toMatch(/^ {2}shop-3 {2}2 products$/m);
    expect(result.stdout).toMatch(/^ {2}shop-7 {2}2 products$/m);
    // Numbered branches first, in order.
    expect(result.stdout.indexOf("1 Berlin Mitte")).toBeLessThan(result.stdout.indexOf("2 Hamburg Altona"));
    expect(result.stdout.indexOf("3 Wien Neubau")).toBeLessThan(result.stdout.indexOf("shop-3"));
  });

  it("chooses a branch by its number or by its id", async () => {
    const [, hamburg, wien] = demoBranches;
    const byNumber = await cli("branch", "2");
    expect(byNumber).toMatchObject({ code: 0, stderr: "" });
    expect(byNumber.stdout).toContain(`This till is branch 2 Hamburg Altona (${hamburg?.id})`);
    expect((await json("status")).prices).toEqual({ branch: hamburg?.id, currency: null });
    const byId = await cli("branch", wien?.id as string);
    expect(byId).toMatchObject({ code: 0, stderr: "" });
    expect(byId.stdout).toContain("This till is branch 3 Wien Neubau");
    expect((await json("status")).prices).toEqual({ branch: wien?.id, currency: null });
    await cli("branch", "--none");
  });

  it("after branch ID, charges that branch's price and says so", async () => {
    const set = await cli("branch", "shop-7");
    expect(set).toMatchObject({ code: 0, stderr: "" });
    expect(set.stdout).toContain("This till is branch shop-7");
    const answer = await json("lookup", bread.code);
    expect(answer.price).toMatchObject({
      source: "branch",
      amount: { gross: bread.branch },
      currency: "EUR",
    });
    const line = await cli("lookup", bread.code);
    expect(line.stdout).toMatch(/^Roggenbrot {2}€2\.49 \(branch price\) {2}\(/);
    expect((await json("status")).prices).toEqual({ branch: "shop-7", currency: null });
    expect((await cli("status")).stdout).toContain(
      "Prices: branch shop-7, in the branch's currency, else each product's own",
    );
  });

  it("charges a weighed product's label at weight x the branch price", async () => {
    const label = withCheckDigit(`${cheese.base.slice(0, 7)}01250`);
    const answer = await json("lookup", label);
    expect(answer.label).toEqual({
      kind: "weight",
      weight: { value: 1.25, unit: "kg" },
      unitPrice: { amount: cheese.branch, currency: "EUR", per: "kg" },
      charge: multiplyMoney({ amount: cheese.branch, currency: "EUR" }, 1.25),
      discount: null,
    });
    expect(answer.label.charge.amount).toBe(21.13);
  });

  it("warns when no product has a price for the branch typed, and keeps it", async () => {
    const set = await cli("branch", "shop-99");
    expect(set.code).toBe(0);
    expect(set.stderr).toContain("no product in the local catalog has a price for branch shop-99");
    expect((await json("lookup", bread.code)).price.source).toBe("default");
    await cli("branch", "shop-7");
  });

  it("after branch --none, charges the default price again", async () => {
    const cleared = await cli("branch", "--none");
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toContain("This till has no branch");
    expect((await json("lookup", bread.code)).price).toMatchObject({
      source: "default",
      amount: { gross: bread.default },
    });
    const label = withCheckDigit(`${cheese.base.slice(0, 7)}01250`);
    expect((await json("lookup", label)).label.unitPrice.amount).toBe(cheese.default);
  });

  it("refuses an id and --none together, and an empty id, in plain words", async () => {
    expect(await cli("branch", "shop-7", "--none")).toMatchObject({ code: 2 });
    expect((await cli("branch", "shop-7", "--none")).stderr).toContain(
      "Give a branch number or id, or --none, not both.",
    );
    expect((await cli("branch", " ")).stderr).toContain("A branch is its number (e.g. branch 1) or its id");
  });
});
