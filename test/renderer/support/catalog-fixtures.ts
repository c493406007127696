// Products and answers for the screen tests, built through the real schemas and the real barcode
// reader, so a screen never sees data the catalog could not send.

import { type Product, productSchema } from "../../../src/shared/api/product.ts";
import { productCodes } from "../../../src/shared/api/product-codes.ts";
import { withCheckDigit } from "../../../src/shared/barcode/gtin.ts";
import { readScan } from "../../../src/shared/barcode/scan-reading.ts";
import type { AppStatus } from "../../../src/shared/catalog/app-status.ts";
import { noReferenceData } from "../../../src/shared/catalog/catalog-status.ts";
import { familyPrices } from "../../../src/shared/catalog/family-prices.ts";
import { labelCharge } from "../../../src/shared/catalog/label-charge.ts";
import type { LookupAnswer, LookupMatch, ProductAnswer } from "../../../src/shared/catalog/lookup-answer.ts";
import type { PriceContext } from "../../../src/shared/catalog/price-rule.ts";
import { saleOf } from "../../../src/shared/catalog/sale-rule.ts";
import type { SearchHit } from "../../../src/shared/catalog/search-hit.ts";
import type { SessionInfo } from "../../../src/shared/catalog/session-info.ts";

let stamp = 1_700_000_000_000;

export function product(
  fields: Partial<Product> & { id: string },
  price?: [number, number, string],
): Product {
  stamp += 1000;
  return productSchema.parse({
    name: `Product ${fields.id}`,
    type: "product",
    active: true,
    deleted: false,
    created_at: { iso: new Date(stamp).toISOString(), unix: stamp / 1000 },
    updated_at: { iso: new Date(stamp).toISOString(), unix: stamp / 1000 },
    prices: price
      ? { default_prices: [{ amount: { net: price[0], gross: price[1] }, currency: price[2] }] }
      : null,
    ...fields,
  });
}

export const milk = product(
  {
    id: "milk",
    name: "Bio Vollmilch 1 l",
    sku: "SKU-MILK",
    barcode: "4006381333931",
    barcodes: ["96385074"],
  },
  [1.11, 1.19, "EUR"],
);
export const apples = product(
  { id: "apples", name: "Äpfel Elstar lose", sku: "SKU-APPLE", barcode: withCheckDigit("212345600000") },
  [2.8, 2.99, "EUR"],
);
export const retired = product(
  { id: "retired", name: "Old lemonade", barcode: "5012345678900", active: false },
  [1, 1.5, "GBP"],
);

export const shirt = product({
  id: "shirt",
  name: "T-Shirt",
  type: "variant_product",
  options: [{ Colour: ["red", "blue"] }, { Size: ["S", "M", "L"] }],
  sku: "SKU-SHIRT",
});
export const shirtVariants: Product[] = [
  ["red", "S", "4000000000017", true],
  ["red", "M", "4000000000024", true],
  ["blue", "S", "4000000000031", false],
  ["blue", "M", "4000000000048", true],
].map(([colour, size, code, active], index) =>
  product(
    {
      id: `shirt-${colour}-${size}`,
      name: `T-Shirt ${colour} ${size}`,
      type: "variant",
      parent: "shirt",
      attributes: { Colour: String(colour), Size: String(size) },
      barcode: String(code),
      active: Boolean(active),
    },
    [10 + index, 11.9 + index, "EUR"],
  ),
);

export const catalogProducts = [milk, apples, retired, shirt, ...shirtVariants];

/** The fixtures' till: no branch, each product's own currency, the fixtures' clock, where the tests run. */
export const fixturePrices: PriceContext = {
  branch: null,
  currency: null,
  at: Date.parse("2026-11-22T10:00:00Z"),
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
};

const euros = (gross: number) => [
  { amount: { net: Math.round((gross / 1.19) * 100) / 100, gross }, currency: "EUR" },
];

/** Priced per branch, by quantity and on offer from 20 to 30 Nov 2026 (whole days). */
export const mulledWine = product({
  id: "mulled-wine",
  name: "Glühwein 1 l",
  barcode: "4020000000011",
  prices: {
    default_prices: euros(3.99),
    branch_prices: [{ branch: "berlin-mitte", prices: euros(3.49) }],
    scaled_prices: [{ qty: 6, prices: euros(2.99) }],
    time_based_prices: [{ time_range: { start: "2026-11-20", end: "2026-11-30" }, prices: euros(2.79) }],
  },
});

/** Two offers running at once: the service contradicting itself. */
export const stollen = product({
  id: "stollen",
  name: "Christstollen 750 g",
  barcode: "4020000000028",
  prices: {
    default_prices: euros(9.99),
    time_based_prices: [
      { time_range: { start: "2026-11-01T00:00:00Z", end: null }, prices: euros(8.99) },
      { time_range: { start: "2026-11-15T00:00:00Z", end: "2026-12-24T12:00:00Z" }, prices: euros(7.99) },
    ],
  },
});

/** What the catalog would answer for a code, worked out from the fixtures above. */
export function answerFor(
  code: string,
  products: readonly Product[] = catalogProducts,
  prices: PriceContext = fixturePrices,
): LookupAnswer {
  const reading = readScan(code);
  for (const key of reading.searchKeys) {
    const found = products.find((item) => productCodes(item).includes(key));
    if (found) {
      const { sale, group, tax, ...match } = productAnswerFor(found, products, prices);
      const price = match.prices[found.id] ?? null;
      return {
        query: code,
        code: reading,
        match,
        price,
        sale,
        label: labelCharge(reading, price),
        reason: null,
        group,
        tax,
      };
    }
  }
  const reason = reading.problem ?? { kind: "unknown-code" as const, message: "No product has this code." };
  const nothing = { match: null, price: null, sale: null, label: null, group: null, tax: null };
  return { query: code, code: reading, ...nothing, reason };
}

/** What the catalog would answer for a product opened by id: its family and how it is sold. */
export function productAnswerFor(
  found: Product,
  products: readonly Product[] = catalogProducts,
  prices: PriceContext = fixturePrices,
): LookupMatch & ProductAnswer {
  const match = matchOf(found, products, prices);
  const held = { byId: new Map(products.map((item) => [item.id, item])), children: products };
  // The fixtures name no groups or taxes.
  const sale = saleOf(found, match.prices[found.id] ?? null, held, prices);
  return { ...match, sale, group: null, tax: null };
}

export function matchOf(
  found: Product,
  products: readonly Product[] = catalogProducts,
  prices: PriceContext = fixturePrices,
): LookupMatch {
  const parentId =
    found.type === "variant" ? found.parent : found.type === "variant_product" ? found.id : null;
  const parent =
    found.type === "variant" ? (products.find((item) => item.id === found.parent) ?? null) : null;
  const variants = parentId
    ? products.filter((item) => item.type === "variant" && item.parent === parentId)
    : [];
  const family = { product: found, parent, variants };
  return { ...family, prices: familyPrices(family, prices), pictures: {}, matchedBy: "code" };
}

export function status(fields: Partial<AppStatus> = {}): AppStatus {
  return {
    session: fields.signedIn === false ? "signed-out" : "signed-in",
    signedIn: true,
    account: { id: "acct-1", legacyId: null, name: "Corner Shop" },
    products: catalogProducts.length,
    inactive: 1,
    quarantined: 0,
    withUnusableParts: 0,
    referenceData: noReferenceData,
    lastSyncAt: "2026-11-22T06:00:00.000Z",
    lastFullSyncAt: "2026-11-22T06:00:00.000Z",
    syncUnfinished: false,
    tokenExpiresAt: "2026-11-22T14:00:00.000Z",
    serverTotal: catalogProducts.length,
    mismatch: false,
    catalogProblem: null,
    clockOffsetMs: 400,
    prices: { branch: null, currency: null },
    branchName: null,
    images: {
      cached: 0,
      wanted: 0,
      bytes: 0,
      capBytes: 500_000_000,
      running: false,
      problem: null,
      enabled: true,
      progress: null,
    },
    freshness: { catalogAsOf: "2026-11-22T06:00:00.000Z", stale: false, staleAfterHours: 24 },
    sync: { running: false, mode: null, progress: null, nextAt: null },
    waiting: null,
    online: true,
    lastError: null,
    rememberUnavailable: null,
    ...fields,
  };
}

export function session(fields: Partial<SessionInfo> = {}): SessionInfo {
  return {
    method: "organisation",
    organisation: "corner-shop",
    username: "till1@corner.example",
    baseUrl: "http://127.0.0.1:9/",
    account: { id: "acct-1", legacyId: null, name: "Corner Shop" },
    subUser: { id: "u1", role: "staff", username: "till1@corner.example" },
    features: null,
    expiresAt: "2099-01-01T12:00:00.000Z",
    remembered: false,
    warnings: [],
    ...fields,
  } as SessionInfo;
}

/** Products as a search answers them: each found as typed, unless `found` says which words a typo was taken for. */
export function searchHits(products: Product[], found: string[] = []): SearchHit[] {
  return products.map((item) => ({ ...item, typos: found.length, found }));
}
