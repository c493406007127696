// What a product's shelf label reads at one instant for one till: the price it charges (offer,
// branch or default price, the deposit apart), the unit price, the product's own retail code, and
// the rest of the face. Pure: the records it needs are read before.
import type { Product } from "../api/product.ts";
import { productCodes } from "../api/product-codes.ts";
import { hasValidCheckDigit } from "../barcode/gtin.ts";
import { type Money, moneyOf, multiplyMoney } from "./money.ts";
import { type PriceContext, type ResolvedPrice, resolvePrice } from "./price-rule.ts";
import { saleOf } from "./sale-rule.ts";
import type { LabelFace, LabelSymbology } from "./shelf-labels.ts";
import { withTaxRate } from "./tax-amounts.ts";
import { packSizeOf, type UnitPriceRule, unitPriceOf } from "./unit-price.ts";

export interface LabelContext extends PriceContext {
  unitPriceRule: UnitPriceRule;
}

/** What the catalog holds beside the product: its parent (a variant's prices) and what it names. */
export interface LabelRecords {
  parent: Product | null;
  byId: ReadonlyMap<string, Product>;
  /** The product's tax rate (a fraction), filling in the gross amount where a price gives only net. */
  taxRate: number | null;
}

export function labelFace(product: Product, records: LabelRecords, context: LabelContext): LabelFace {
  const resolved = withTaxRate(
    resolvePrice(product.prices, context) ??
      (records.parent === null ? null : resolvePrice(records.parent.prices, context)),
    records.taxRate,
  );
  const price = resolved === null ? null : grossOf(resolved);
  const size = packSizeOf(product);
  return {
    productId: product.id,
    name: product.name,
    size: size?.text ?? null,
    price,
    source: resolved?.source ?? null,
    offerLastDay: resolved === null ? null : offerLastDay(resolved, context.timeZone),
    deposit: depositOf(product, resolved, records, context),
    unitPrice: price === null || size === null ? null : unitPriceOf(price, size, context.unitPriceRule),
    code: retailCodeOf(product),
    sku: typeof product.sku === "string" && product.sku.trim() !== "" ? product.sku.trim() : null,
    options: optionsOf(product),
  };
}

function grossOf(price: ResolvedPrice): Money | null {
  const gross = price.amount.gross ?? price.amount.net;
  return gross === null ? null : { amount: gross, currency: price.currency };
}

/** The last day an offer runs, in the till's zone; null when no offer runs or none ends. */
function offerLastDay(price: ResolvedPrice, timeZone: string): string | null {
  if (price.source !== "time-based" || price.until === null) return null;
  // The offer holds up to, not including, its end: its last moment is on the day before a midnight.
  const last = new Date(Date.parse(price.until) - 1);
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(last);
}

/** What is charged with each piece (a bottle's Pfand), added up; null when nothing is. */
function depositOf(
  product: Product,
  price: ResolvedPrice | null,
  records: LabelRecords,
  context: PriceContext,
): Money | null {
  const { linked } = saleOf(product, price, { byId: records.byId, children: [] }, context);
  let total = 0;
  let currency: string | null = null;
  for (const item of linked) {
    const gross = item.price?.amount.gross ?? null;
    if (item.price === null || gross === null) continue;
    currency = item.price.currency;
    total += multiplyMoney({ amount: gross, currency }, item.quantity).amount;
  }
  return currency === null ? null : moneyOf(total, currency);
}

/** The first of the product's codes a shelf scanner reads: a valid EAN-13, UPC-A or EAN-8. */
export function retailCodeOf(product: Pick<Product, "barcode" | "barcodes" | "codes">): LabelFace["code"] {
  for (const raw of productCodes(product)) {
    const code = raw.trim();
    const symbology = symbologyOf(code);
    if (symbology !== null) return { value: code, symbology };
  }
  return null;
}

function symbologyOf(code: string): LabelSymbology | null {
  if (!hasValidCheckDigit(code)) return null;
  if (code.length === 13) return "ean13";
  if (code.length === 12) return "upca";
  if (code.length === 8) return "ean8";
  return null;
}

function optionsOf(product: Product): string | null {
  if (product.type !== "variant" || typeof product.attributes !== "object" || product.attributes === null)
    return null;
  const pairs = Object.entries(product.attributes).filter(([, value]) => typeof value === "string");
  return pairs.length === 0 ? null : pairs.map(([name, value]) => `${name}: ${value}`).join(", ");
}
