// What a cashier scans, found in a synced catalog: every written form of one product's code, scale
// labels with the weight or price inside, GS1 element strings, and a clear reason when nothing fits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wireCatalog } from "../../src/core/app/catalog-wiring.ts";
import { dataDirStores } from "../../src/core/storage/data-dir-stores.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import { gs1CheckDigit, withCheckDigit } from "../../src/shared/barcode/gtin.ts";
import { defaultScanOptions, type ScanOptions } from "../../src/shared/barcode/scan-options.ts";
import { adminApi, openTestCore, signInDemo, tempDir } from "../support/service-fixtures.ts";

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
let core: ReturnType<typeof openTestCore>["core"];
const ids: Record<string, string> = {};

// UPC-A 0 42100 00526 c compresses to UPC-E 0 425261 c (manufacturer ends in 100, product 00526).
const upcA = withCheckDigit("04210000526");
const upcE = `0425261${upcA.at(-1)}`;
const weighedBase = withCheckDigit("212345600000");
const pricedBase = withCheckDigit("235432100000");

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 50, seed: 2 });
  dir = await tempDir();
  const admin = await adminApi(service);
  ids.upc = (await admin.createProduct({ name: "Ginger ale", barcode: upcA })).id as string;
  ids.weighed = (await admin.createProduct({ name: "Emmentaler, per kg", barcode: weighedBase }))
    .id as string;
  ids.priced = (await admin.createProduct({ name: "Schinken, abgepackt", barcode: pricedBase })).id as string;
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

describe("one product, every written form of its code", () => {
  it.each([
    ["UPC-A", upcA],
    ["EAN-13", `0${upcA}`],
    ["GTIN-14", `00${upcA}`],
    ["UPC-E", upcE],
    ["GS1 element string", `(01)00${upcA}(17)271231(10)LOT7`],
    ["scanner with AIM prefix and whitespace", `  ]E0${upcA}\r\n`],
  ])("%s", async (_form, scanned) => {
    const answer = await core.lookup(scanned);
    expect(answer.match?.product.id).toBe(ids.upc);
  });

  it("keeps the GS1 data that came with the code", async () => {
    const answer = await core.lookup(`(01)00${upcA}(17)271231(10)LOT7`);
    expect(answer.code.gs1).toMatchObject({ gtin: `00${upcA}`, expiryDate: "2027-12-31", batch: "LOT7" });
  });
});

describe("scale labels", () => {
  it("finds the weighed product and returns the weight", async () => {
    const label = withCheckDigit(`${weighedBase.slice(0, 7)}02345`);
    const answer = await core.lookup(label);
    expect(answer.match?.product.id).toBe(ids.weighed);
    expect(answer.code.weight).toEqual({ value: 2.345, unit: "kg" });
  });

  it("finds the prepacked product and returns the price on the label", async () => {
    const label = withCheckDigit(`${pricedBase.slice(0, 7)}01234`);
    const answer = await core.lookup(label);
    expect(answer.match?.product.id).toBe(ids.priced);
    expect(answer.code.price).toMatchObject({ value: 12.34 });
  });
});

describe("a change of the scale rules", () => {
  it("applies at the next scan", async () => {
    let scanner: ScanOptions = defaultScanOptions;
    const till = wireCatalog({
      dataDir: dir.path,
      ...dataDirStores(dir.path),
      clock: Date.now,
      scanOptions: () => scanner,
    });
    try {
      const label = withCheckDigit(`${weighedBase.slice(0, 7)}02345`);
      const first = await till.core.lookup(label);
      expect(first.match?.product.id).toBe(ids.weighed);
      expect(first.code.weight).toEqual({ value: 2.345, unit: "kg" });
      scanner = { ...scanner, scaleRules: [{ pattern: "21 PPPPP WWW DD C", kind: "weight" }] };
      const moved = await till.core.lookup(label);
      expect(moved.match?.product.id).toBe(ids.weighed);
      expect(moved.code.weight).toEqual({ value: 23.45, unit: "kg" });
      scanner = { ...scanner, scaleRules: [] };
      const plain = await till.core.lookup(label);
      expect(plain.code.weight).toBeNull();
      expect(plain.match).toBeNull();
    } finally {
      await till.close();
    }
  });
});

describe("when nothing matches", () => {
  it("says the check digit is wrong rather than that the product is unknown", async () => {
    const wrong = `${upcA.slice(0, 11)}${(gs1CheckDigit(upcA.slice(0, 11)) + 1) % 10}`;
    const answer = await core.lookup(wrong);
    expect(answer.match).toBeNull();
    expect(answer.reason?.kind).toBe("invalid-check-digit");
  });

  it("says the GS1 data is malformed", async () => {
    const answer = await core.lookup("(01)0004210000526"); // a GTIN one digit short
    expect(answer.match).toBeNull();
    expect(answer.reason?.kind).toBe("malformed-gs1");
  });

  it("says an unknown valid code is unknown, and an empty scan is empty", async () => {
    expect((await core.lookup(withCheckDigit("590123412345"))).reason?.kind).toBe("unknown-code");
    expect((await core.lookup("   ")).reason?.kind).toBe("empty");
  });
});
