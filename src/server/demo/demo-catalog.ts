// The demo catalog the reference service seeds from. The desktop demo, the tests and the benchmarks all
// rely on it, so the same options always give the same records, and it covers the awkward parts of real
// catalogs: variant families, several codes per product, scale labels, deleted items, same-instant edits.
import type { Product } from "../../shared/api/product.ts";
import { withCheckDigit } from "../../shared/barcode/gtin.ts";
import { createRandom, type Random } from "../faults/seeded-random.ts";
import { timestamp } from "../store/timestamp.ts";
import { type ArticleDraws, createArticleDraws, type DrawnArticle } from "./demo-article-draws.ts";
import { colours, sizes } from "./demo-assortment.ts";
import { demoBranches } from "./demo-branches.ts";
import { childSummary } from "./demo-child-summary.ts";
import { type DemoImageKind, demoImagePath } from "./demo-images.ts";
import { maxDemoProducts } from "./demo-limits.ts";
import { demoGroupId } from "./demo-product-groups.ts";
import { unremarkableFields } from "./demo-record-fields.ts";
import { demoSaleCaseCount, demoSaleCases } from "./demo-sale-cases.ts";
import { amountOf, priceTimes } from "./demo-shelf-prices.ts";
import { demoTaxId } from "./demo-taxes.ts";

export interface DemoCatalogOptions {
  /** Total number of product records, variants included. */
  count: number;
  seed: number;
  /** Goes into each record's `account`. */
  accountId: string;
  /** Epoch ms: every created_at and updated_at is at or before it. */
  now: number;
  /**
   * The service's own address (no trailing slash): a share of the records then get pictures served
   * there (image-routes.ts). Without it, as before, no record has one.
   */
  imageBaseUrl?: string | null;
}

// Shares of draws, not of records: a variant family is one draw but about 5 records (a parent and
// 2-12 children, few of them large), so families make ~5% parents and ~22% variants of all records.
const FAMILY_DRAW = 0.064;
const LINKED_DRAW = 0.064;
const VOUCHER_DRAW = 0.064;
// Shares of standard products that are scale items.
const WEIGHED_SHARE = 0.015;
const LABELLED_SHARE = 0.01;
// Shares of records.
const UPC_SHARE = 0.1;
const MULTI_CODE_SHARE = 0.1;
const NUMBERED_SHARE = 0.9;
const INACTIVE_SHARE = 0.05;
const DELETED_SHARE = 0.03;
// Shares of priced records (vouchers have none of these): a price in some of the branches, quantity
// tiers (standard products only), an offer (running now, past or to come).
const BRANCH_SHARE = 0.15;
const TIER_SHARE = 0.08;
const OFFER_SHARE = 0.06;
// Share of records with a picture, when the catalog has an image address.
const PICTURE_SHARE = 0.3;
const dayMs = 86_400_000;

const HISTORY_MS = 400 * 86_400_000;
// An import writes a run of records in one instant; the service orders them by id, so tests need them.
const IMPORT_RUN_START = 0.01;
const IMPORT_RUN_MAX = 60;

/** Records per batch: a few MB of records at a time. */
const defaultBatchSize = 2000;

/** The whole catalog at once, for tests and small catalogs. */
export function generateDemoCatalog(options: DemoCatalogOptions): Product[] {
  return [...demoCatalogBatches(options)].flat();
}

/**
 * The catalog in order, about `batchSize` records at a time (a variant family is never split), the sale
 * cases last: the same records as the whole catalog, whatever the batch size.
 */
export function* demoCatalogBatches(
  options: DemoCatalogOptions,
  batchSize = defaultBatchSize,
): Generator<Product[], void, undefined> {
  if (options.count > maxDemoProducts) {
    throw new RangeError(`a demo catalog holds at most ${maxDemoProducts} products, not ${options.count}`);
  }
  const catalog = createCatalogContext(options);
  const stock = options.count - demoSaleCaseCount(options.count);
  const saleCases = demoSaleCases(options);
  let made = 0;
  let batch: Product[] = [];
  while (made < stock) {
    const drawn = drawRecords(catalog, stock - made);
    for (const product of drawn) {
      // A linked product the stock drew is given the catalog's deposit, when it has one.
      if (
        saleCases.depositId !== null &&
        product.type === "linked_product" &&
        product.linked_products === null
      )
        product.linked_products = [saleCases.depositId];
      batch.push(product);
    }
    made += drawn.length;
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  batch.push(...saleCases.records);
  if (batch.length > 0) yield batch;
}

/** The next draw of the stock: one record, or a variant family when `room` holds one. */
function drawRecords(catalog: CatalogContext, room: number): Product[] {
  const draw = catalog.random.next();
  // A family needs room for a parent and two children; near the end a standard product fills in.
  if (draw < FAMILY_DRAW && room >= 3) return variantFamily(catalog, room);
  if (draw < FAMILY_DRAW) return [standardProduct(catalog)];
  if (draw < FAMILY_DRAW + LINKED_DRAW) return [linkedProduct(catalog)];
  if (draw < FAMILY_DRAW + LINKED_DRAW + VOUCHER_DRAW) return [voucher(catalog)];
  return [standardProduct(catalog)];
}

interface CatalogContext {
  random: Random;
  /**
   * Draws for branch prices, tiers and offers: a stream of its own, so every other field of every
   * record stays what it was before these lists were added (tests and benchmarks rely on them).
   */
  pricing: Random;
  /** Which records get a picture: a stream of its own too, for the same reason. */
  pictures: { random: Random; baseUrl: string } | null;
  now: number;
  account: string;
  codes: CodeSource;
  nextInstants: () => Pick<Product, "created_at" | "updated_at">;
  /** Numbers sku and custom_id. */
  recordNumber: number;
  /** What each stock record is: its name, price, group and picture shape. */
  articles: ArticleDraws;
  /** Digits of that number: six, or more for a catalog of a million records or more. */
  numberWidth: number;
}

function createCatalogContext(options: DemoCatalogOptions): CatalogContext {
  const random = createRandom(options.seed);
  return {
    random,
    pricing: createRandom(options.seed ^ 0x7e1c3),
    pictures: options.imageBaseUrl
      ? { random: createRandom(options.seed ^ 0x91c7e), baseUrl: options.imageBaseUrl }
      : null,
    now: options.now,
    account: options.accountId,
    codes: createCodeSource(random),
    nextInstants: createImportClock(random, options.now),
    recordNumber: 0,
    articles: createArticleDraws(random),
    numberWidth: Math.max(6, String(options.count).length),
  };
}

/**
 * Each kind of code counts up in its own number range, so codes are unique without a lookup table:
 * EAN-13 starts with 3-9 (never 0, which is UPC-A's 13-digit form, nor 2, kept for in-store codes),
 * UPC-A's 13-digit form starts with 0, EAN-8 has 8 digits and Code 128 has letters.
 */
interface CodeSource {
  ean13(): string;
  upcA(): string;
  ean8(): string;
  code128(): string;
  /** A scale base code: `21` weighed or `23` price on the label, then a unique PLU and zeros. */
  scale(prefix: "21" | "23"): string;
}

const EAN13_LEADS = ["3", "4", "5", "7", "8", "9"];
// Number system 2 is for in-store codes, 3 for drugs, 4 for retailers' own, 5 for coupons.
const UPC_NUMBER_SYSTEMS = ["0", "1", "6", "7", "8"];

function createCodeSource(random: Random): CodeSource {
  let ean13 = random.int(0, 1e10);
  let upcA = random.int(0, 1e9);
  let ean8 = random.int(0, 1e5);
  let code128 = random.int(0, 1e6);
  let plu = random.int(1, 1e4);
  return {
    ean13: () => withCheckDigit(random.pick(EAN13_LEADS) + digits(ean13++, 11)),
    upcA: () => withCheckDigit(random.pick(UPC_NUMBER_SYSTEMS) + digits(upcA++, 10)),
    ean8: () => withCheckDigit(`4${digits(ean8++, 6)}`),
    code128: () => `INT-${digits(code128++, 7)}`,
    scale: (prefix) => withCheckDigit(`${prefix}${digits(plu++, 5)}00000`),
  };
}

/** Zero-padded; a number range running out is a bug in the ranges above, never a silent collision. */
function digits(value: number, width: number): string {
  const text = String(value).padStart(width, "0");
  if (text.length > width) throw new RangeError(`demo catalog ran out of ${width}-digit codes`);
  return text;
}

/** Instants spread over the history window, with runs of records sharing one updated_at. */
function createImportClock(random: Random, now: number): CatalogContext["nextInstants"] {
  let runLeft = 0;
  let runInstant = 0;
  return () => {
    if (runLeft === 0 && random.chance(IMPORT_RUN_START)) {
      runLeft = random.int(2, IMPORT_RUN_MAX);
      runInstant = now - random.int(0, HISTORY_MS);
    }
    const updated = runLeft > 0 ? runInstant : now - random.int(0, HISTORY_MS);
    if (runLeft > 0) runLeft--;
    const created = random.chance(0.3) ? updated : random.int(now - HISTORY_MS, updated);
    return { created_at: timestamp(created), updated_at: timestamp(updated) };
  };
}

interface RecordSpec {
  id: string;
  type: string;
  /** Its name, price, group and picture shape. */
  article: DrawnArticle;
  codes: Pick<Product, "barcode" | "barcodes" | "codes">;
  deleted: boolean;
  /** Sold by the piece in quantities: may get quantity tiers. */
  tiers?: boolean;
}

/**
 * The spec shows `time_based_prices` on variants only; the demo puts offers on standard products
 * too. Vouchers are sold at face value: no branch, tier or offer.
 */
function priceLists(
  catalog: CatalogContext,
  spec: Pick<RecordSpec, "article" | "type" | "tiers">,
): Product["prices"] {
  const { type } = spec;
  const { price } = spec.article;
  const cost = Math.round(price.cents * (0.4 + 0.3 * catalog.random.next()));
  const lists: NonNullable<Product["prices"]> = {
    base_prices: [],
    branch_prices: [],
    scaled_prices: [],
    default_prices: [
      {
        amount: amountOf(price),
        currency: "EUR",
        cost: cost / 100,
        margin: (price.cents - cost) / 100,
        purchase_price: null,
      },
    ],
    purchase_prices: [],
  };
  if (type === "voucher") return lists;
  const { pricing } = catalog;
  const entry = (factor: number) => [{ amount: amountOf(priceTimes(price, factor)), currency: "EUR" }];
  if (pricing.chance(BRANCH_SHARE)) {
    lists.branch_prices = demoBranches
      .filter((_, index) => index === 0 || pricing.chance(0.5))
      .map((branch) => ({ branch: branch.id, prices: entry(0.85 + 0.25 * pricing.next()) }));
  }
  if (spec.tiers && pricing.chance(TIER_SHARE)) {
    lists.scaled_prices = [
      { qty: 6, prices: entry(0.9) },
      { qty: 12, prices: entry(0.8) },
    ];
  }
  const offer = pricing.chance(OFFER_SHARE)
    ? [demoOffer(pricing, catalog.now, entry(0.7 + 0.15 * pricing.next()))]
    : [];
  if (offer.length > 0 || type === "variant") lists.time_based_prices = offer;
  return lists;
}

/** An offer running now (half of them), past or to come, over date-times as the real service sends. */
function demoOffer(pricing: Random, now: number, prices: unknown[]) {
  const when = pricing.pick(["running", "running", "past", "to come"] as const);
  const start =
    now + dayMs * (when === "running" ? -pricing.int(1, 5) : when === "past" ? -30 : pricing.int(3, 10));
  const end = when === "past" ? now - dayMs * 10 : start + dayMs * pricing.int(7, 21);
  return { time_range: { start: new Date(start).toISOString(), end: new Date(end).toISOString() }, prices };
}

/** A retail code, sometimes UPC-A, and now and then extra codes in `barcodes` and/or `codes`. */
function retailCodes({ random, codes }: CatalogContext): RecordSpec["codes"] {
  const barcode = random.chance(UPC_SHARE) ? codes.upcA() : codes.ean13();
  if (!random.chance(MULTI_CODE_SHARE)) return { barcode, barcodes: null, codes: null };
  const places = random.int(0, 2); // 0: barcodes only, 1: codes only, 2: both
  return {
    barcode,
    barcodes: places === 1 ? null : [codes.ean13()],
    codes:
      places === 0
        ? null
        : [
            { data: codes.ean8(), type: "ean8", caption: "Einzelstück" },
            { data: codes.code128(), type: "code128", caption: "Lagerplatz" },
          ],
  };
}

/**
 * A stock item with every key of the product record the upstream's schema allows, in the spec's
 * order, null where the real service returns null; each kind then adjusts the few fields that set it apart. One literal rather
 * than spreads of defaults: it is the bulk of the work for 100,000 records.
 */
function productRecord(catalog: CatalogContext, spec: RecordSpec): Product {
  const { random } = catalog;
  const number = digits(++catalog.recordNumber, catalog.numberWidth);
  const numbered = random.chance(NUMBERED_SHARE);
  const { created_at, updated_at } = catalog.nextInstants();
  return {
    ...unremarkableFields,
    id: spec.id,
    custom_id: numbered ? `P-${number}` : null,
    custom_ids: null,
    metadata: null,
    created_at,
    updated_at,
    name: spec.article.name,
    summary: null,
    description: null,
    account: catalog.account,
    tax: demoTaxId(spec.article.price.vat),
    vat_class: null,
    category: null,
    brand: null,
    condition: null,
    insert_id: catalog.recordNumber,
    images: pictureUrls(catalog, spec.article.picture, catalog.recordNumber),
    manufacturer: { iln: null },
    produced_at: null,
    purchased_at: null,
    released_at: null,
    similar_to: null,
    related_to: null,
    audiences: null,
    keywords: null,
    categories: null,
    tags: null,
    codes: spec.codes.codes,
    barcodes: spec.codes.barcodes,
    active: !random.chance(INACTIVE_SHARE),
    deleted: spec.deleted,
    type: spec.type,
    product_group: demoGroupId(spec.article.group),
    supplier: { sku: numbered ? `L-${random.int(10_000, 99_999)}` : null },
    attributes: null,
    barcode: spec.codes.barcode,
    prices: priceLists(catalog, spec),
    sku: numbered ? `SKU-${number}` : null,
    parent: null,
    children: null,
    linked_products: null,
    configuration: { pricing: { allow_is_free: false }, allow_zero_prices: false },
    options: null,
  };
}

/** `1x` and `2x` on the service for a share of the records; `{ "1x": null }`, as before, for the rest. */
function pictureUrls(
  catalog: CatalogContext,
  kind: DemoImageKind,
  number: number,
): Record<string, string | null> {
  const { pictures } = catalog;
  if (pictures === null || !pictures.random.chance(PICTURE_SHARE)) return { "1x": null };
  return {
    "1x": pictures.baseUrl + demoImagePath(kind, number, "1x"),
    "2x": pictures.baseUrl + demoImagePath(kind, number, "2x"),
  };
}

function standardProduct(catalog: CatalogContext): Product {
  const { random } = catalog;
  const draw = random.next();
  if (draw < WEIGHED_SHARE) return scaleItem(catalog, "21");
  if (draw < WEIGHED_SHARE + LABELLED_SHARE) return scaleItem(catalog, "23");
  return productRecord(catalog, {
    id: random.uuid(),
    type: "product",
    article: catalog.articles.shelfArticle(),
    codes: retailCodes(catalog),
    deleted: random.chance(DELETED_SHARE),
    tiers: true,
  });
}

/** Sold by weight (21) or prepacked with the price on the label (23); priced per kg either way. */
function scaleItem(catalog: CatalogContext, prefix: "21" | "23"): Product {
  const { random } = catalog;
  const packing = prefix === "21" ? "per kg" : "abgepackt, per kg";
  return productRecord(catalog, {
    id: random.uuid(),
    type: "product",
    article: catalog.articles.scaleArticle(packing),
    codes: { barcode: catalog.codes.scale(prefix), barcodes: null, codes: null },
    deleted: random.chance(DELETED_SHARE),
  });
}

function linkedProduct(catalog: CatalogContext): Product {
  const { random } = catalog;
  return productRecord(catalog, {
    id: random.uuid(),
    type: "linked_product",
    article: catalog.articles.depositDrink(),
    codes: retailCodes(catalog),
    deleted: random.chance(DELETED_SHARE),
  });
}

function voucher(catalog: CatalogContext): Product {
  const { random, codes } = catalog;
  const record = productRecord(catalog, {
    id: random.uuid(),
    type: "voucher",
    article: catalog.articles.voucher(),
    codes: { barcode: random.chance(0.5) ? codes.ean13() : null, barcodes: null, codes: null },
    deleted: random.chance(DELETED_SHARE),
  });
  record.stockable = false;
  record.stock_mode = null;
  record.discountable = false;
  record.shipping_required = false;
  return record;
}

type Option = Record<string, string[]>;
type Attributes = Record<string, string>;

/** A parent followed by its children; the whole family is deleted or kept together. */
function variantFamily(catalog: CatalogContext, room: number): Product[] {
  const { random } = catalog;
  // Cubing skews towards small families while still reaching 12 children now and then.
  const childCount = Math.min(2 + Math.floor(random.next() ** 3 * 11), room - 1);
  const options = familyOptions(random, childCount);
  const article = catalog.articles.garment();
  const deleted = random.chance(DELETED_SHARE);
  const parent = productRecord(catalog, {
    id: random.uuid(),
    type: "variant_product",
    article,
    codes: retailCodes(catalog),
    deleted,
  });
  const children = sample(random, combinations(options), childCount).map((attributes) => {
    const child = productRecord(catalog, {
      id: random.uuid(),
      type: "variant",
      article: { ...article, name: [article.name, ...Object.values(attributes)].join(" ") },
      codes: retailCodes(catalog),
      deleted,
    });
    child.parent = parent.id;
    child.attributes = attributes;
    return child;
  });
  parent.attributes = {};
  parent.options = options;
  parent.children = children.map(childSummary);
  return [parent, ...children];
}

/** Colour and Size, or just one of them, with at least `childCount` combinations. */
function familyOptions(random: Random, childCount: number): Option[] {
  if (random.chance(0.25)) {
    if (childCount <= sizes.length && random.chance(0.5)) {
      return [{ Size: sizeRun(random, childCount) }];
    }
    return [{ Colour: sample(random, colours, childCount) }];
  }
  const colourCount = random.int(2, 4);
  const sizeCount = Math.max(2, Math.ceil(childCount / colourCount));
  return [{ Colour: sample(random, colours, colourCount) }, { Size: sizeRun(random, sizeCount) }];
}

function sizeRun(random: Random, length: number): string[] {
  const start = random.int(0, sizes.length - length);
  return sizes.slice(start, start + length);
}

/** Every way to choose one value of each option. */
function combinations(options: Option[]): Attributes[] {
  let combos: Attributes[] = [{}];
  for (const option of options) {
    for (const [name, values] of Object.entries(option)) {
      combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value })));
    }
  }
  return combos;
}

/** `count` distinct items in random order (a partial Fisher-Yates shuffle of a copy). */
function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  for (let i = 0; i < count; i++) {
    const j = random.int(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}
