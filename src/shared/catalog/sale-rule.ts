// How a product is sold, read from its record and from the catalog's records it names, so the till
// says it before the cashier charges: whether it may be sold at all, whether its price must be
// entered, whether it needs a serial number or questions answered, what is sold with it (a deposit)
// and what a bundle holds. Prices of linked items come from the same rule as the item's own
// (price-rule.ts), so the total is what this till charges.
import { z } from "zod";
import type { Product } from "../api/product.ts";
import { currencyDecimals, multiplyMoney } from "./money.ts";
import { type PriceContext, type ResolvedPrice, resolvedPriceSchema, resolvePrice } from "./price-rule.ts";
import { componentEntries, type LinkEntry, linkEntries } from "./sale-links.ts";

const amountSchema = z.object({ net: z.number().nullable(), gross: z.number().nullable() });

export const saleSchema = z.object({
  /** false: the product may not be sold (the record's `sellable` is false). */
  sellable: z.boolean(),
  /** The cashier enters the price (pre-filled with the price, when there is one). */
  askPrice: z.boolean(),
  /** An entered price of zero may be confirmed. */
  zeroPriceAllowed: z.boolean(),
  /** A serial number must be entered at sale. */
  serialNumber: z.boolean(),
  /** How many questions the till asks at sale. */
  serviceQuestions: z.number().int().nonnegative(),
  /** Sold with it, each piece: a deposit, say. `found` false: the catalog does not hold it. */
  linked: z.array(
    z.object({
      id: z.string().nullable(),
      name: z.string().nullable(),
      quantity: z.number().positive(),
      price: resolvedPriceSchema.nullable(),
      found: z.boolean(),
    }),
  ),
  /** What a bundle is made of. */
  components: z.array(
    z.object({ id: z.string(), name: z.string().nullable(), quantity: z.number(), found: z.boolean() }),
  ),
  /**
   * One piece with what is sold with it: the item's price plus each linked price times its quantity.
   * null when the price must be entered, or a price in it is unknown.
   */
  total: z.object({ amount: amountSchema, currency: z.string() }).nullable(),
});
export type Sale = z.infer<typeof saleSchema>;
type Linked = Sale["linked"][number];

/** What the catalog holds of what a product names (sale-links.ts `saleReferences`). */
export interface SaleCatalog {
  /** The live products among those named, by id; one missing here is not in the catalog. */
  byId: ReadonlyMap<string, Product>;
  /** Products that name this one as their parent: its `linked` children are among them. */
  children: readonly Product[];
}

/** `price` is the product's own price for this till (price-rule.ts), null when it has none. */
export function saleOf(
  product: Product,
  price: ResolvedPrice | null,
  catalog: SaleCatalog,
  context: PriceContext,
): Sale {
  // Linked items are charged in the item's currency, whatever the till's setting leaves open.
  const linkedContext = { ...context, currency: price?.currency ?? context.currency };
  const linked = linkedItems(product, catalog).map((entry) => linkedItem(entry, catalog, linkedContext));
  const askPrice = asksPrice(product, price);
  const pricing = pricingOf(product);
  return {
    sellable: product.sellable !== false,
    askPrice,
    zeroPriceAllowed: pricing.zero_input_allowed === true,
    serialNumber: product.serial_number_input_required === true,
    serviceQuestions: Array.isArray(product.service_questions) ? product.service_questions.length : 0,
    linked,
    components: componentEntries(product).map(({ id, quantity }) => {
      const record = catalog.byId.get(id);
      return { id, name: record?.name ?? null, quantity, found: record !== undefined };
    }),
    total: askPrice || price === null ? null : totalOf(price, linked),
  };
}

/** The record's list, then its `linked` children the list does not name already. */
function linkedItems(product: Product, catalog: SaleCatalog): LinkEntry[] {
  const listed = linkEntries(product);
  const named = new Set(listed.map((entry) => entry.id));
  const children = catalog.children
    .filter((child) => child.type === "linked" && child.parent === product.id && !named.has(child.id))
    .map((child) => ({ id: child.id, embedded: child as Record<string, unknown>, quantity: 1 }));
  return [...listed, ...children];
}

/** The catalog's record where it holds one (the newest), else the record embedded in the entry. */
function linkedItem(entry: LinkEntry, catalog: SaleCatalog, context: PriceContext): Linked {
  const record = (entry.id === null ? undefined : catalog.byId.get(entry.id)) ?? entry.embedded;
  if (!record) return { id: entry.id, name: null, quantity: entry.quantity, price: null, found: false };
  return {
    id: entry.id,
    name: typeof record.name === "string" ? record.name : null,
    quantity: entry.quantity,
    price: resolvePrice(record.prices as Product["prices"], context),
    found: true,
  };
}

/**
 * `request_input` decides where the record says it; the older forms (`allow_is_free`,
 * `allow_zero_prices` false) ask only when the price is zero or missing.
 */
export function asksPrice(product: Product, price: ResolvedPrice | null): boolean {
  const pricing = pricingOf(product);
  if (typeof pricing.request_input === "boolean") return pricing.request_input;
  const zero = price === null || (price.amount.gross ?? price.amount.net ?? 0) === 0;
  const configuration = objectOf(product.configuration);
  return zero && (pricing.allow_is_free === false || configuration.allow_zero_prices === false);
}

function pricingOf(product: Product): Record<string, unknown> {
  return objectOf(objectOf(product.configuration).pricing);
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** Summed in the currency's smallest unit, so 1.29 + 0.25 is 1.54 and never 1.5399999. */
function totalOf(price: ResolvedPrice, linked: readonly Linked[]): Sale["total"] {
  if (linked.some((item) => item.price === null || item.price.currency !== price.currency)) return null;
  const { currency } = price;
  const scale = 10 ** currencyDecimals(currency);
  const minor = (amount: number | null | undefined, quantity: number) =>
    typeof amount === "number"
      ? Math.round(multiplyMoney({ amount, currency }, quantity).amount * scale)
      : Number.NaN;
  const sum = (side: "net" | "gross") => {
    let total = minor(price.amount[side], 1);
    for (const item of linked) total += minor(item.price?.amount[side], item.quantity);
    return Number.isNaN(total) ? null : total / scale;
  };
  const amount = { net: sum("net"), gross: sum("gross") };
  return amount.net === null && amount.gross === null ? null : { amount, currency };
}
