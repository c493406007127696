// The demo catalog's products that are sold in a particular way, so the till has each case to show:
// drinks with a deposit (named by id, by an entry with a quantity, embedded whole, and as a `linked`
// child), bundles of two to four parts (one naming a product the catalog lacks), prices entered at
// the till, products not for sale and products needing a serial number. Every record has the shape
// the upstream's own product schema allows. They come last in the catalog, after the stock
// (demo-catalog.ts), and the stock's drinks sold with a deposit (linked products) get theirs too. The bakery and
// drinks counter's goods (rolls without a barcode, two variant families, a cake whose price is asked
// for) are here too: the demo's favourite sets (demo-favourites.ts) name them by these keys.
import type { Product } from "../../shared/api/product.ts";
import { withCheckDigit } from "../../shared/barcode/gtin.ts";
import { createRandom, type Random } from "../faults/seeded-random.ts";
import { timestamp } from "../store/timestamp.ts";
import { askPrice, type CaseSpec, type Ids } from "./demo-case-spec.ts";
import { childSummary } from "./demo-child-summary.ts";
import { counterCases } from "./demo-counter-cases.ts";
import { demoGroupId } from "./demo-product-groups.ts";
import { unremarkableFields } from "./demo-record-fields.ts";
import { demoTaxId } from "./demo-taxes.ts";

/** A catalog smaller than this has no room for the cases: it is all stock, as before. */
const FEWEST_PRODUCTS = 50;

const cases: CaseSpec[] = [
  { key: "deposit", name: "Pfand Einweg 0,25 €", type: "product", cents: 25, vat: 19, group: "deposits" },
  {
    key: "glassDeposit",
    name: "Pfand Mehrweg 0,15 €",
    type: "product",
    cents: 15,
    vat: 19,
    group: "deposits",
  },
  {
    key: "crateDeposit",
    name: "Pfand Kasten 20 × 0,5 l",
    type: "product",
    cents: 342,
    vat: 19,
    group: "deposits",
  },
  {
    key: "cola",
    name: "Cola 0,5 l Einweg",
    type: "linked_product",
    cents: 129,
    vat: 19,
    group: "softDrinks",
    linked: (ids) => [ids.deposit],
  },
  {
    key: "beerCrate",
    name: "Pils Kasten 20 × 0,5 l",
    type: "linked_product",
    cents: 1599,
    vat: 19,
    group: "beerWine",
    linked: (ids) => [{ product: ids.crateDeposit, quantity: 1 }],
  },
  {
    key: "juice",
    name: "Orangensaft 1 l Mehrweg",
    type: "linked_product",
    cents: 249,
    vat: 7,
    group: "softDrinks",
    linked: (ids) => [embeddedDeposit(ids.glassDeposit as string)],
  },
  {
    key: "appleJuice",
    name: "Apfelsaft naturtrüb 1 l Mehrweg",
    type: "linked_product",
    cents: 199,
    vat: 7,
    group: "softDrinks",
  },
  {
    key: "appleJuiceDeposit",
    name: "Pfand Mehrweg 0,15 € (Apfelsaft)",
    type: "linked",
    cents: 15,
    vat: 19,
    group: "deposits",
    scanned: false,
    parent: "appleJuice",
  },
  {
    key: "coffee",
    name: "Kaffee ganze Bohne 500 g",
    type: "product",
    cents: 899,
    vat: 7,
    group: "hotDrinks",
  },
  { key: "mug", name: "Kaffeebecher Steingut", type: "product", cents: 649, vat: 19, group: "household" },
  {
    key: "chocolate",
    name: "Schokolade Zartbitter 100 g",
    type: "product",
    cents: 149,
    vat: 7,
    group: "sweets",
  },
  { key: "card", name: "Grußkarte Geburtstag", type: "product", cents: 249, vat: 19, group: "household" },
  {
    key: "giftBox",
    name: "Geschenkbox Kaffee & Becher",
    type: "composed_product",
    cents: 1999,
    vat: 19,
    group: "household",
    components: [
      ["coffee", 1],
      ["mug", 2],
    ],
  },
  {
    key: "picnic",
    name: "Picknickset für zwei",
    type: "composed_product",
    cents: 1499,
    vat: 19,
    group: "household",
    components: [
      ["cola", 2],
      ["chocolate", 2],
      ["mug", 2],
      ["card", 1],
    ],
  },
  {
    key: "hamper",
    name: "Präsentkorb Feinkost",
    type: "composed_product",
    cents: 3999,
    vat: 7,
    group: "deli",
    components: [
      ["coffee", 1],
      ["missing", 1],
      ["chocolate", 3],
    ],
  },
  {
    key: "voucher",
    name: "Geschenkgutschein, Betrag frei",
    type: "voucher",
    cents: 0,
    vat: 0,
    group: "vouchers",
    fields: { configuration: askPrice(false) },
  },
  {
    key: "looseFruit",
    name: "Obst lose, ohne Etikett",
    type: "product",
    cents: 299,
    vat: 7,
    group: "produce",
    fields: { configuration: askPrice(false) },
  },
  {
    key: "repair",
    name: "Reparatur-Service Fahrrad",
    type: "product",
    cents: 499,
    vat: 19,
    group: "household",
    fields: { configuration: askPrice(true) },
    questions: 1,
  },
  {
    key: "display",
    name: "Schaufensterdekoration Tanne",
    type: "product",
    cents: 1999,
    vat: 19,
    group: "household",
    fields: { sellable: false },
  },
  {
    key: "recalled",
    name: "Babybrei Karotte 190 g (Rückruf)",
    type: "product",
    cents: 129,
    vat: 7,
    group: "produce",
    fields: { sellable: false },
  },
  {
    key: "headphones",
    name: "Kopfhörer Bluetooth",
    type: "product",
    cents: 5999,
    vat: 19,
    group: "household",
    fields: { serial_number_input_required: true },
  },
  {
    key: "drill",
    name: "Akkuschrauber 18 V",
    type: "product",
    cents: 8999,
    vat: 19,
    group: "household",
    fields: { serial_number_input_required: true },
  },
  // After the others, so their barcodes and ids stay what they were.
  ...counterCases,
];

/** The barcode each scanned case carries: EAN-13 from 640, a range no stock record uses. */
export function demoSaleCode(key: string): string {
  const index = cases.findIndex((spec) => spec.key === key);
  if (index < 0) throw new RangeError(`no demo sale case ${key}`);
  return withCheckDigit(`640000000${String(index).padStart(3, "0")}`);
}

/** How many of a catalog's records are sale cases. */
export function demoSaleCaseCount(count: number): number {
  return count < FEWEST_PRODUCTS ? 0 : cases.length;
}

/**
 * The sale cases of a catalog (after its stock), and the deposit its stock's linked products carry; none
 * in a catalog too small for them.
 */
export function demoSaleCases(options: { count: number; seed: number; accountId: string; now: number }): {
  records: Product[];
  depositId: string | null;
} {
  if (demoSaleCaseCount(options.count) === 0) return { records: [], depositId: null };
  const { ids, random } = drawIds(options.seed);
  const records = cases.map((spec, index) => caseRecord(spec, { ids, random }, options, index));
  for (const parent of records.filter((record) => record.type === "variant_product")) {
    parent.children = records.filter((record) => record.parent === parent.id).map(childSummary);
  }
  return { records, depositId: ids.deposit as string };
}

/**
 * The ids of the cases (and of `missing`, a product the catalog lacks) in a catalog of this seed,
 * whatever its size: what the demo's favourite sets name.
 */
export function demoSaleCaseIds(seed: number): Readonly<Ids> {
  return drawIds(seed).ids;
}

function drawIds(seed: number): { ids: Ids; random: Random } {
  // A stream of its own: the stock's records stay what they were.
  const random = createRandom(seed ^ 0x5a1e5);
  const ids: Ids = Object.fromEntries(
    [...cases.map((spec) => spec.key), "missing"].map((key) => [key, random.uuid()]),
  );
  return { ids, random };
}

function caseRecord(
  spec: CaseSpec,
  { ids, random }: { ids: Ids; random: Random },
  options: { accountId: string; now: number },
  index: number,
): Product {
  const at = timestamp(options.now - (cases.length - index) * 60_000);
  const record: Product = {
    ...emptyRecord,
    id: ids[spec.key] as string,
    custom_id: `SC-${String(index + 1).padStart(3, "0")}`,
    created_at: at,
    updated_at: at,
    name: spec.name,
    account: options.accountId,
    tax: demoTaxId(spec.vat),
    product_group: demoGroupId(spec.group),
    insert_id: 900_000 + index,
    barcode: spec.scanned === false ? null : demoSaleCode(spec.key),
    prices: salePrices(spec),
    type: spec.type,
    sku: `SALE-${String(index + 1).padStart(3, "0")}`,
    linked_products: spec.linked?.(ids) ?? null,
    parent: spec.parent === undefined ? null : (ids[spec.parent] as string),
    attributes: spec.attributes ?? (spec.options ? {} : null),
    options: spec.options ?? null,
    service_questions:
      spec.questions === undefined ? null : Array.from({ length: spec.questions }, () => random.uuid()),
    ...spec.fields,
  };
  if (spec.components)
    record.components = spec.components.map(([key, quantity]) => ({ product: ids[key], quantity }));
  return record;
}

/** The deposit as a whole record inside the drink's list, as the service may embed it. */
function embeddedDeposit(id: string) {
  return { id, name: "Pfand Mehrweg 0,15 €", type: "product", prices: salePrices({ cents: 15, vat: 19 }) };
}

function salePrices(spec: Pick<CaseSpec, "cents" | "vat">): Product["prices"] {
  const net = Math.round((spec.cents * 100) / (100 + spec.vat)) / 100;
  return {
    base_prices: [],
    branch_prices: [],
    scaled_prices: [],
    default_prices: [{ amount: { net, gross: spec.cents / 100 }, currency: "EUR", purchase_price: null }],
    purchase_prices: [],
    time_based_prices: [],
  };
}

/** The keys every case shares, valid under the upstream's schema. */
const emptyRecord = {
  ...unremarkableFields,
  custom_ids: null,
  metadata: null,
  summary: null,
  description: null,
  vat_class: null,
  category: null,
  brand: null,
  condition: null,
  images: { "1x": null },
  manufacturer: null,
  produced_at: null,
  purchased_at: null,
  released_at: null,
  similar_to: null,
  related_to: null,
  audiences: null,
  keywords: null,
  categories: null,
  tags: null,
  codes: null,
  barcodes: null,
  active: true,
  deleted: false,
  supplier: null,
  parent: null,
  children: null,
  configuration: null,
} as const;
