import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { shelves } from "../../src/server/demo/demo-assortment.ts";
import { branchRecord, demoBranches } from "../../src/server/demo/demo-branches.ts";
import {
  type DemoCatalogOptions,
  demoCatalogBatches,
  generateDemoCatalog,
} from "../../src/server/demo/demo-catalog.ts";
import { maxDemoProducts } from "../../src/server/demo/demo-limits.ts";
import { demoGroupId, demoProductGroups } from "../../src/server/demo/demo-product-groups.ts";
import { demoTaxes } from "../../src/server/demo/demo-taxes.ts";
import { type Product, productSchema } from "../../src/shared/api/product.ts";
import { productCodes } from "../../src/shared/api/product-codes.ts";
import { catalogKey, hasValidCheckDigit } from "../../src/shared/barcode/gtin.ts";
import { resolvePrice } from "../../src/shared/catalog/price-rule.ts";
import { byRunLength } from "../support/run-length.ts";
import { branchRecordSchema, oracle, productRecordSchema } from "../support/upstream-schemas.ts";

const now = Date.UTC(2025, 5, 1, 12, 0, 0);
const options = (count: number, seed = 7): DemoCatalogOptions => ({
  count,
  seed,
  accountId: "5c1f2e0a-6a7b-4c3d-9e8f-0a1b2c3d4e5f",
  now,
});

// One shared catalog keeps the file fast; every property below is checked on it.
const catalog = generateDemoCatalog(options(5_000));
const byId = new Map(catalog.map((product) => [product.id, product]));

function share(predicate: (product: Product) => boolean): number {
  return catalog.filter(predicate).length / catalog.length;
}

describe("generateDemoCatalog", () => {
  it("gives deep-equal catalogs for the same options and a different one for another seed", () => {
    expect(generateDemoCatalog(options(300))).toEqual(generateDemoCatalog(options(300)));
    expect(generateDemoCatalog(options(300, 8))).not.toEqual(generateDemoCatalog(options(300)));
  });

  // SHA-256 of the JSON of catalogs as the service made them whole, before it made them a batch at a time
  // (commit 2e50bc2): whatever the batch size, the batches together are those very records.
  it.each([
    [
      { count: 5000, seed: 1, accountId: "0b0e6c1e-6a35-4c1b-9a40-2f1f1f0a0001", now: 1768478400000 },
      "34870b8d5e07cf9943fdc400a49745e821d703c224ab489eeb76c8f4a3169c94",
    ],
    [
      {
        count: 20000,
        seed: 7,
        accountId: "0b0e6c1e-6a35-4c1b-9a40-2f1f1f0a0002",
        now: 1780272000000,
        imageBaseUrl: "http://127.0.0.1:8787",
      },
      "a13c8c8dbee84ad2b0e5efaf1dc22fd140ad589893abb832cb3cddc7e4842c73",
    ],
    [
      { count: 49, seed: 3, accountId: "acct", now: 1767225600000 },
      "95764765e868ec009b1349ee04965d061afb6586be9b10ff0d669239b93d53b3",
    ],
  ])("makes the same records a batch at a time as it made whole: %j", (options, digest) => {
    const sha256 = (products: Product[]) =>
      createHash("sha256").update(JSON.stringify(products)).digest("hex");
    // The 20,000 once in npm test, in the smallest batches; every catalog in both sizes in the long run.
    const batchSizes = options.count > 5000 ? byRunLength([7], [7, 2000]) : [7, 2000];
    for (const batchSize of batchSizes) {
      const batches = [...demoCatalogBatches(options, batchSize)];
      expect(sha256(batches.flat()), `batches of ${batchSize}`).toBe(digest);
      // Batches stay near their size: a variant family (at most 13 records) or the sale cases may run over.
      for (const batch of batches.slice(0, -1)) expect(batch.length).toBeLessThan(batchSize + 13);
    }
  });

  it.each([0, 1, 2, 3, 5, 17, 5_000])("makes exactly %i records", (count) => {
    const products = count === 5_000 ? catalog : generateDemoCatalog(options(count));
    expect(products).toHaveLength(count);
  });

  it("refuses a catalog larger than it can hold", () => {
    const options = { count: maxDemoProducts + 1, seed: 1, accountId: "a", now: 0 };
    expect(() => generateDemoCatalog(options)).toThrow(RangeError);
  });

  it("keeps families whole in small catalogs", () => {
    let families = 0;
    for (let seed = 0; seed < 40; seed++) {
      for (const count of [1, 3, 5, 17]) {
        const products = generateDemoCatalog(options(count, seed));
        expectConsistentFamilies(products);
        families += products.filter((product) => product.type === "variant_product").length;
      }
    }
    expect(families).toBeGreaterThan(0);
  });

  it("makes records that pass the product schema unchanged, with every key the upstream's allows", () => {
    const allowed = Object.keys(productRecordSchema().properties as object);
    const keys = Object.keys(productSchema.shape).filter((key) => allowed.includes(key));
    for (const product of catalog) {
      // The client keeps the record itself as the parsed product: the schema may check, never change.
      expect(productSchema.parse(product)).toStrictEqual(product);
      expect(keys.filter((key) => !(key in product))).toEqual([]);
      expect(product.account).toBe(options(0).accountId);
    }
  });

  it("gives ids in UUID v4 form, each once", () => {
    expect(byId.size).toBe(catalog.length);
    for (const { id } of catalog)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("uses every code once under catalogKey, with valid check digits on numeric codes", () => {
    const seen = new Set<string>();
    for (const product of catalog) {
      for (const code of productCodes(product)) {
        const key = catalogKey(code);
        expect(seen.has(key), `${code} of ${product.name}`).toBe(false);
        seen.add(key);
        if (/^\d+$/.test(code)) expect(hasValidCheckDigit(code), code).toBe(true);
      }
    }
    expect(seen.size).toBeGreaterThan(catalog.length);
  });

  it("keeps parents and children consistent both ways, each combination of options once", () => {
    expectConsistentFamilies(catalog);
  });

  it("mixes the four kinds in about the intended shares", () => {
    const ofType = (type: string) => share((product) => product.type === type);
    expect(ofType("product")).toBeGreaterThan(0.55);
    expect(ofType("variant_product")).toBeGreaterThan(0.03);
    expect(ofType("variant_product")).toBeLessThan(0.07);
    expect(ofType("variant")).toBeGreaterThan(0.17);
    expect(ofType("variant")).toBeLessThan(0.28);
    expect(ofType("linked_product")).toBeGreaterThan(0.03);
    expect(ofType("voucher")).toBeGreaterThan(0.03);
    expect(share((product) => !product.active)).toBeGreaterThan(0.02);
    expect(share((product) => product.deleted)).toBeGreaterThan(0.01);
    expect(share((product) => product.sku !== null && product.custom_id !== null)).toBeGreaterThan(0.8);
  });

  it("has single option families and families with twelve children", () => {
    const parents = catalog.filter((product) => product.type === "variant_product");
    expect(parents.some((parent) => parent.options?.length === 1)).toBe(true);
    expect(parents.some((parent) => parent.options?.length === 2)).toBe(true);
    expect(parents.some((parent) => parent.children?.length === 12)).toBe(true);
  });

  it("names products with accents and letters beyond Latin-1, and names variants by their attributes", () => {
    expect(share((product) => /[À-ÿ]/.test(product.name))).toBeGreaterThan(0.2);
    expect(share((product) => /[\u0100-\uffff]/.test(product.name))).toBeGreaterThan(0.05);
    expect(new Set(catalog.map((product) => product.name)).size).toBeGreaterThan(catalog.length / 2);
    for (const variant of catalog.filter((product) => product.type === "variant")) {
      expect(variant.name.endsWith(Object.values(variant.attributes ?? {}).join(" "))).toBe(true);
    }
  });

  it("puts every product in a served group and names a served tax, the group fitting the kind", () => {
    const groupKey = new Map(demoProductGroups.map((group) => [group.id, group.key]));
    const percent = new Map(demoTaxes.map((tax) => [tax.id, tax.percentage]));
    const keyOf = (product: Product) => groupKey.get(product.product_group ?? "");
    for (const product of catalog) {
      expect(keyOf(product), product.name).toBeDefined();
      expect(percent.has(product.tax ?? ""), product.name).toBe(true);
    }
    // The stock's kinds (the sale cases, SALE-001 on, have counter goods of their own).
    const stock = catalog.filter((product) => !product.sku?.startsWith("SALE-"));
    const kinds = (predicate: (product: Product) => boolean) => new Set(stock.filter(predicate).map(keyOf));
    expect(kinds((product) => product.type.startsWith("variant"))).toEqual(new Set(["textiles"]));
    expect(kinds((product) => product.type === "voucher")).toEqual(new Set(["vouchers"]));
    expect(kinds((product) => product.name.endsWith("per kg"))).toEqual(new Set(["produce", "deli"]));
    expect(kinds((product) => product.type === "linked_product")).toEqual(
      new Set(["softDrinks", "beerWine"]),
    );
    // Every group but the deposits' (sale cases only) holds stock; the bakery enough for pages of keys.
    expect(share((product) => keyOf(product) === "bakery")).toBeGreaterThan(0.05);
    expect(new Set(catalog.map(keyOf)).size).toBe(demoProductGroups.length);
    const vouchers = catalog.filter((product) => product.type === "voucher");
    expect(new Set(vouchers.map((product) => percent.get(product.tax ?? "")))).toEqual(new Set([0]));
  });

  it("names packaged items from the shop's shelves, priced within their item's range", () => {
    const packaged = catalog.filter(
      (product) =>
        product.type === "product" && !product.name.endsWith("per kg") && !product.sku?.startsWith("SALE-"),
    );
    expect(packaged.length).toBeGreaterThan(2_000);
    for (const product of packaged) {
      const shelf = shelves.filter((candidate) => demoGroupId(candidate.group) === product.product_group);
      const fitting = shelf
        .flatMap((candidate) => candidate.articles)
        .filter(([item, size]) => product.name.includes(item) && product.name.endsWith(size))
        .sort((a, b) => b[0].length - a[0].length);
      expect(fitting.length, product.name).toBeGreaterThan(0);
      const [, , min, max] = fitting[0] as (typeof fitting)[number];
      const gross = product.prices?.default_prices?.[0]?.amount?.gross ?? Number.NaN;
      // A quality word (bio, a vintage) costs at most 15% more; rounding to a shelf price a few cents.
      expect(gross, product.name).toBeGreaterThanOrEqual(min - 0.05);
      expect(gross, product.name).toBeLessThanOrEqual(max * 1.15 + 0.01);
    }
    // Each shelf deals from a deck of every name it has: none twice before each has come once.
    const names = packaged.map((product) => product.name);
    expect(new Set(names.slice(0, 600)).size).toBe(600);
    const rolls = packaged.filter((product) => product.name.includes("Weizenbrötchen"));
    expect(rolls.length).toBeGreaterThan(5);
    expect(
      Math.max(...rolls.map((product) => product.prices?.default_prices?.[0]?.amount?.gross ?? 99)),
    ).toBeLessThan(1);
  });

  it("carries UPC-A codes, several codes per product, EAN-8 and Code 128", () => {
    expect(share((product) => /^\d{12}$/.test(product.barcode ?? ""))).toBeGreaterThan(0.05);
    expect(share((product) => productCodes(product).length > 1)).toBeGreaterThan(0.05);
    expect(share((product) => (product.barcodes ?? []).length > 0)).toBeGreaterThan(0.02);
    const typed = catalog.flatMap((product) => product.codes ?? []);
    expect(typed.some((code) => code.type === "ean8" && /^\d{8}$/.test(code.data))).toBe(true);
    expect(typed.some((code) => code.type === "code128")).toBe(true);
    expect(catalog.some((product) => product.type === "voucher" && product.barcode === null)).toBe(true);
  });

  it("keeps in-store prefixes 20-29 for scale items, whose base codes are 21 or 23, a PLU and zeros", () => {
    // EAN-13 and EAN-8 starting with 2, and UPC-A with number system 2, are in-store codes.
    const isInStore = (code: string) => /^2(\d{12}|\d{11}|\d{7})$/.test(code);
    const inStore = catalog.filter((product) => productCodes(product).some(isInStore));
    const scaleCode = /^2[13]\d{5}00000\d$/;
    for (const product of inStore) {
      expect(productCodes(product)).toEqual([expect.stringMatching(scaleCode)]);
    }
    const plus = inStore.map((product) => product.barcode?.slice(2, 7));
    expect(new Set(plus).size).toBe(plus.length);
    expect(inStore.some((product) => product.barcode?.startsWith("21"))).toBe(true);
    expect(inStore.some((product) => product.barcode?.startsWith("23"))).toBe(true);
  });

  it("prices net and gross in cents, gross at the VAT rate of the tax the product names", () => {
    const percentOf = new Map(demoTaxes.map((tax) => [tax.id, tax.percentage]));
    for (const product of catalog) {
      const [price, ...others] = product.prices?.default_prices ?? [];
      expect(others).toEqual([]);
      const net = price?.amount?.net ?? Number.NaN;
      const gross = price?.amount?.gross ?? Number.NaN;
      const cents = Math.round(net * 100);
      expect(cents / 100).toBe(net);
      const percent = percentOf.get(product.tax ?? "") ?? Number.NaN;
      expect(Math.round((cents * (100 + percent)) / 100) / 100, product.name).toBe(gross);
      expect(price?.currency).toBe("EUR");
    }
    expect(new Set(catalog.map((product) => percentOf.get(product.tax ?? "")))).toEqual(new Set([19, 7, 0]));
  });

  it("prices some products per branch, in quantities and on offer, so a till meets every case", () => {
    const berlin = demoBranches[0]?.id ?? null;
    const inBerlin = (product: Product, at = now) =>
      resolvePrice(product.prices, { branch: berlin, currency: null, at, timeZone: "Europe/Berlin" });
    const sources = new Set(catalog.map((product) => inBerlin(product)?.source));
    expect(sources).toEqual(new Set(["default", "branch", "time-based"]));
    const branches = catalog.flatMap((product) =>
      (product.prices?.branch_prices ?? []).map((entry) => (entry as { branch: string }).branch),
    );
    expect(new Set(branches)).toEqual(new Set(demoBranches.map((branch) => branch.id)));
    expect(share((product) => (product.prices?.scaled_prices?.length ?? 0) > 0)).toBeGreaterThan(0.02);
    const offers = catalog.flatMap((product) => product.prices?.time_based_prices ?? []);
    const ranges = offers.map(
      (offer) => (offer as { time_range: { start: string; end: string } }).time_range,
    );
    expect(ranges.some((range) => Date.parse(range.end) < now)).toBe(true);
    expect(ranges.some((range) => Date.parse(range.start) > now)).toBe(true);
    const dateTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    expect(ranges.every((range) => dateTime.test(range.start) && dateTime.test(range.end))).toBe(true);
    // An offer to come changes the price when it starts: the catalog says when.
    const later = catalog.find((product) => {
      const until = inBerlin(product)?.until;
      return until !== null && until !== undefined && inBerlin(product)?.source !== "time-based";
    });
    const until = Date.parse(inBerlin(later as Product)?.until ?? "");
    expect(inBerlin(later as Product, until)?.source).toBe("time-based");
  });

  const checkedCount = byRunLength(5_000, 20_000);
  it(`makes ${checkedCount} records the upstream's own product schema calls valid`, () => {
    const schema = oracle(productRecordSchema());
    const records = generateDemoCatalog({ ...options(checkedCount), imageBaseUrl: "http://127.0.0.1:8787" });
    const invalid = records.flatMap((record) => {
      const problems = schema.problems(record);
      return problems.length === 0 ? [] : [{ id: record.id, problems }];
    });
    expect(invalid.slice(0, 3)).toEqual([]);
    // The oracle is no pushover: the shapes the service used to send are refused.
    const old = { ...records[0], insert_id: "1", delegateable: false };
    expect(schema.problems(old)).toEqual([
      expect.stringContaining("additional properties"),
      expect.stringContaining("/insert_id must be integer"),
    ]);
  });

  it("names branches the upstream's own branch schema calls valid", () => {
    const schema = oracle(branchRecordSchema());
    expect(demoBranches.map(branchRecord).flatMap((record) => schema.problems(record))).toEqual([]);
    expect(schema.problems({ ...branchRecord(demoBranches[0] as never, 0), id: "berlin" })).toEqual([
      expect.stringContaining('/id must match format "uuid"'),
    ]);
  });

  it("spreads timestamps before now, created before updated, with runs sharing updated_at", () => {
    for (const { created_at, updated_at } of catalog) {
      for (const stamp of [created_at, updated_at]) {
        expect(new Date(stamp.iso).getTime()).toBe(stamp.unix);
        expect(stamp.iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      expect(updated_at.unix).toBeGreaterThanOrEqual(created_at.unix);
      expect(updated_at.unix).toBeLessThanOrEqual(now);
    }
    const sharing = new Map<number, number>();
    for (const { updated_at } of catalog)
      sharing.set(updated_at.unix, (sharing.get(updated_at.unix) ?? 0) + 1);
    expect(Math.max(...sharing.values())).toBeGreaterThan(25);
    expect([...sharing.values()].filter((size) => size > 1).length).toBeGreaterThan(5);
    const days = new Set(catalog.map(({ updated_at }) => updated_at.iso.slice(0, 10)));
    expect(days.size).toBeGreaterThan(180);
  });
});

function expectConsistentFamilies(products: Product[]): void {
  const ids = new Map(products.map((product) => [product.id, product]));
  for (const product of products) {
    if (product.type === "variant_product") expectConsistentParent(product, ids);
    else expect(product.children).toBeNull();
    if (product.type === "variant") {
      const parent = ids.get(product.parent ?? "");
      expect(parent?.children?.map((child) => child.id)).toContain(product.id);
      expect(product.children).toBeNull();
      expect(product.options).toBeNull();
      expect(product.prices?.time_based_prices).toBeInstanceOf(Array);
      expect(product.deleted).toBe(parent?.deleted);
    } else if (product.type === "linked") {
      // A linked child (a deposit) names the product it is sold with.
      expect(ids.get(product.parent ?? "")?.type).toBe("linked_product");
    } else {
      expect(product.parent).toBeNull();
    }
  }
}

function expectConsistentParent(parent: Product, ids: Map<string, Product>): void {
  expect(parent.attributes).toEqual({});
  const options = parent.options ?? [];
  expect(options.length).toBeGreaterThan(0);
  expect(parent.children?.length).toBeGreaterThanOrEqual(2);
  expect(parent.children?.length).toBeLessThanOrEqual(12);
  const combinations = new Set<string>();
  for (const summary of parent.children ?? []) {
    const child = ids.get(summary.id);
    expect(child?.parent).toBe(parent.id);
    expect(child?.type).toBe("variant");
    expect(summary).toEqual({
      id: child?.id,
      name: child?.name,
      custom_id: child?.custom_id,
      attributes: child?.attributes,
      locations: null,
      images: { "1x": null },
      barcodes: [child?.barcode, ...(child?.barcodes ?? [])],
    });
    const attributes = child?.attributes ?? {};
    expect(Object.keys(attributes)).toEqual(options.flatMap((option) => Object.keys(option)));
    for (const option of options) {
      for (const [name, values] of Object.entries(option)) expect(values).toContain(attributes[name]);
    }
    combinations.add(JSON.stringify(attributes));
  }
  expect(combinations.size).toBe(parent.children?.length);
}
