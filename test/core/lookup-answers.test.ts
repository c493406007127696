// Answers a till can charge from: a typed SKU or custom id finds the product (and says so), a label's
// value comes with the amount to charge in the product's currency, and a base code is no label.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { withCheckDigit } from "../../src/shared/barcode/gtin.ts";
import { adminApi, openTestCore, signInDemo, tempDir } from "../support/service-fixtures.ts";

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
let core: ReturnType<typeof openTestCore>["core"];
const ids: Record<string, string> = {};

const weighedBase = withCheckDigit("212345600000");
const pricedBase = withCheckDigit("235432100000");
const priced = (gross: number, currency = "EUR") => ({
  default_prices: [{ amount: { net: gross, gross }, currency }],
});

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 50, seed: 3 });
  dir = await tempDir();
  const admin = await adminApi(service);
  const create = async (fields: Record<string, unknown>) => (await admin.createProduct(fields)).id as string;
  ids.weighed = await create({ name: "Emmentaler, per kg", barcode: weighedBase, prices: priced(3.49) });
  ids.priced = await create({ name: "Schinken, abgepackt", barcode: pricedBase, prices: priced(12.9) });
  ids.yen = await create({
    name: "Wagyu, per kg",
    barcode: withCheckDigit("217777700000"),
    prices: priced(9800, "JPY"),
  });
  ids.sku = await create({
    name: "Kanelbulle",
    sku: "SKU-000883",
    custom_id: "KB-7",
    barcode: "4006381333931",
  });
  ids.custom = await create({ name: "Rösti", custom_id: "rosti-1" });
  const opened = openTestCore(dir.path);
  core = opened.core;
  await signInDemo(opened.session, service);
  await core.sync();
});
afterAll(async () => {
  await core.close();
  await service.close();
  await dir.remove();
});

describe("lookup by SKU and custom id", () => {
  it.each([
    ["SKU-000883", "sku", "sku"],
    ["sku-000883", "sku", "sku"],
    [" KB-7 ", "sku", "custom-id"],
    ["ROSTI-1", "custom", "custom-id"],
  ])("%s finds the product by its %s", async (typed, id, field) => {
    const answer = await core.lookup(typed);
    expect(answer.match?.product.id).toBe(ids[id]);
    expect(answer.match?.matchedBy).toBe(field);
    expect(answer.reason).toBeNull();
  });

  it("says a barcode matched when it was a barcode", async () => {
    expect((await core.lookup("4006381333931")).match?.matchedBy).toBe("code");
  });

  it("does not take part of a SKU for the SKU", async () => {
    const answer = await core.lookup("SKU-00088");
    expect(answer.match).toBeNull();
    expect(answer.reason?.message).toContain("No product has the code, SKU or custom id SKU-00088.");
  });
});

describe("labels carry the amount to charge", () => {
  it("a weight label: price per kg x weight, rounded to the cent, with the currency", async () => {
    const answer = await core.lookup(withCheckDigit(`${weighedBase.slice(0, 7)}01250`));
    expect(answer.match?.product.id).toBe(ids.weighed);
    expect(answer.label).toEqual({
      kind: "weight",
      weight: { value: 1.25, unit: "kg" },
      unitPrice: { amount: 3.49, currency: "EUR", per: "kg" },
      charge: { amount: 4.36, currency: "EUR" },
      discount: null,
    });
  });

  it("rounds as the currency is written (no decimals for yen)", async () => {
    const answer = await core.lookup(withCheckDigit("217777700333"));
    expect(answer.label?.charge).toEqual({ amount: 3263, currency: "JPY" });
  });

  it("a price label: the price on the label, in the product's currency", async () => {
    const answer = await core.lookup(withCheckDigit(`${pricedBase.slice(0, 7)}01234`));
    expect(answer.match?.product.id).toBe(ids.priced);
    expect(answer.label).toMatchObject({ kind: "price", charge: { amount: 12.34, currency: "EUR" } });
  });

  it("a discount label finds its product by the product digits, the discount in its currency", async () => {
    const label = withCheckDigit(`22${weighedBase.slice(2, 7)}00150`);
    const found = await core.lookup(label);
    expect(found.match?.product.id).toBe(ids.weighed);
    expect(found.label).toMatchObject({
      kind: "discount",
      discount: { amount: 1.5, currency: "EUR" },
      charge: null,
    });
  });

  it("a GS1 weight in pounds is charged by the kilogram price", async () => {
    // (01) the weighed product's GTIN, (3202) 2.00 lb = 0.90718474 kg; 3.49 x that = 3.166...
    const answer = await core.lookup(`(01)0${weighedBase}(3202)000200`);
    expect(answer.match?.product.id).toBe(ids.weighed);
    expect(answer.label?.charge).toEqual({ amount: 3.17, currency: "EUR" });
  });

  it("the base code of a scale item is the product itself, not a label of 0 kg", async () => {
    const answer = await core.lookup(weighedBase);
    expect(answer.match?.product.id).toBe(ids.weighed);
    expect(answer.code.weight).toBeNull();
    expect(answer.code.kind).toBe("ean13");
    expect(answer.label).toBeNull();
  });

  it("an ordinary barcode has no label", async () => {
    expect((await core.lookup("4006381333931")).label).toBeNull();
  });
});
