// The price the till charges, worked out on the till from the lists every product carries:
// 1. An offer (time-based price) running at this instant wins; of two running, the lower price.
//    An offer given as dates runs whole days in the till's time zone.
// 2. Otherwise this till's branch price, otherwise the default price; only the till's currency counts.
// 3. From a quantity tier's number of pieces on, its price per piece applies where it is lower.
// Where the service's lists contradict themselves, one entry is picked by a fixed rule and the
// answer says so, so two tills never charge differently for the same data.
import { z } from "zod";
import type { Product } from "../api/product.ts";
import { localDayStart } from "./local-day.ts";

export interface PriceContext {
  /** This till's branch id; null charges the default prices. */
  branch: string | null;
  /** The till's currency; null takes the currency of the product's first default price. */
  currency: string | null;
  /** Epoch ms: the instant the price is for. */
  at: number;
  /** IANA zone of the till, e.g. "Europe/Berlin": offers given as dates begin at its midnight. */
  timeZone: string;
}

const amountSchema = z.object({ net: z.number().nullable(), gross: z.number().nullable() });
export type PriceAmount = z.infer<typeof amountSchema>;

export const priceSources = ["default", "branch", "time-based"] as const;
export const priceConflictKinds = [
  "offers-overlap",
  "branch-twice",
  "tier-twice",
  "unreadable-offer",
] as const;

export const resolvedPriceSchema = z.object({
  amount: amountSchema,
  currency: z.string(),
  source: z.enum(priceSources),
  /** When this price stops holding (an offer ends or begins); null when nothing is planned. */
  until: z.iso.datetime({ offset: true }).nullable(),
  /** Quantity prices lower than this one, by number of pieces ascending. */
  tiers: z.array(z.object({ qty: z.number(), amount: amountSchema })),
  /** Contradictions in the service's lists, and which entry was used. */
  conflicts: z.array(z.object({ kind: z.enum(priceConflictKinds), message: z.string() })),
});
export type ResolvedPrice = z.infer<typeof resolvedPriceSchema>;
type Conflict = ResolvedPrice["conflicts"][number];

/** One price as the lists hold it; anything else in an entry is ignored. */
interface PriceEntry {
  amount?: { net?: unknown; gross?: unknown } | null;
  currency?: unknown;
}

/** The product's price at `context.at`; null when it has none in the till's currency. */
export function resolvePrice(prices: Product["prices"], context: PriceContext): ResolvedPrice | null {
  const currency = context.currency ?? firstCurrency(prices?.default_prices);
  if (currency === null) return null;
  const conflicts: Conflict[] = [];
  const offers = runningOffers(prices?.time_based_prices, currency, context, conflicts);
  const base =
    offers.running ??
    branchPrice(prices?.branch_prices, currency, context.branch, conflicts) ??
    sourced(priceIn(prices?.default_prices, currency), "default");
  if (base === null) return null;
  return {
    amount: base.amount,
    currency,
    source: base.source,
    until: offers.nextChange === null ? null : new Date(offers.nextChange).toISOString(),
    tiers: lowerTiers(prices?.scaled_prices, currency, base.amount, conflicts),
    conflicts,
  };
}

/** The price of one piece when `quantity` pieces are bought: the lowest tier reached, if lower. */
export function pricePerPiece(price: ResolvedPrice, quantity: number): PriceAmount {
  let amount = price.amount;
  for (const tier of price.tiers) if (tier.qty <= quantity) amount = tier.amount;
  return amount;
}

type Sourced = { amount: PriceAmount; source: ResolvedPrice["source"] };

function sourced(amount: PriceAmount | null, source: ResolvedPrice["source"]): Sourced | null {
  return amount === null ? null : { amount, source };
}

function firstCurrency(list: unknown): string | null {
  const first = entriesOf(list)[0] as PriceEntry | undefined;
  return typeof first?.currency === "string" ? first.currency : null;
}

/** The first entry in the currency with an amount: an entry without one is no price. */
function priceIn(list: unknown, currency: string): PriceAmount | null {
  for (const entry of entriesOf(list) as PriceEntry[]) {
    if (entry?.currency !== currency || typeof entry.amount !== "object" || entry.amount === null) continue;
    const { net, gross } = entry.amount;
    if (typeof gross !== "number" && typeof net !== "number") continue;
    return { net: typeof net === "number" ? net : null, gross: typeof gross === "number" ? gross : null };
  }
  return null;
}

function entriesOf(list: unknown): Record<string, unknown>[] {
  return Array.isArray(list) ? list.filter((entry) => typeof entry === "object" && entry !== null) : [];
}

/** A branch listed twice: the first entry with a price in the currency counts. */
function branchPrice(list: unknown, currency: string, branch: string | null, conflicts: Conflict[]) {
  if (branch === null) return null;
  // Some services number their branches: 7 and "7" name the same one.
  const listed = entriesOf(list).filter(
    (entry) =>
      (typeof entry.branch === "string" || typeof entry.branch === "number") &&
      String(entry.branch) === branch,
  );
  const priced = listed.map((entry) => priceIn(entry.prices, currency)).filter((amount) => amount !== null);
  if (priced.length > 1) {
    conflicts.push({
      kind: "branch-twice",
      message: `Branch ${branch} has ${priced.length} prices; the first one listed is used.`,
    });
  }
  return sourced(priced[0] ?? null, "branch");
}

interface Offer {
  amount: PriceAmount;
  start: number;
  end: number;
}

/**
 * The offer running at `at` (the lowest, when several overlap), and the next instant any offer in
 * the currency begins or ends: the shown price changes then, without a sync.
 */
function runningOffers(list: unknown, currency: string, context: PriceContext, conflicts: Conflict[]) {
  const offers: Offer[] = [];
  for (const entry of entriesOf(list)) {
    const amount = priceIn(entry.prices, currency);
    if (amount === null) continue;
    const range = offerRange(entry.time_range, context.timeZone);
    if (range === null) {
      conflicts.push({
        kind: "unreadable-offer",
        message: "An offer has dates that cannot be read; it is ignored.",
      });
      continue;
    }
    offers.push({ amount, ...range });
  }
  const running = offers.filter((offer) => offer.start <= context.at && context.at < offer.end);
  running.sort((a, b) => grossOf(a.amount) - grossOf(b.amount));
  if (running.length > 1) {
    conflicts.push({
      kind: "offers-overlap",
      message: `${running.length} offers run at once; the lowest price is charged.`,
    });
  }
  const boundaries = offers
    .flatMap((offer) => [offer.start, offer.end])
    .filter((at) => at > context.at && Number.isFinite(at));
  return {
    running: sourced(running[0]?.amount ?? null, "time-based"),
    nextChange: boundaries.length === 0 ? null : Math.min(...boundaries),
  };
}

/** Gross when given, else net: what the comparison of two offers rests on. */
function grossOf(amount: PriceAmount): number {
  return amount.gross ?? amount.net ?? Number.POSITIVE_INFINITY;
}

/**
 * start up to (not including) end, either open when absent; a date without a time is the whole day,
 * from its midnight to the next one in the till's zone. null when a given bound cannot be read.
 */
function offerRange(range: unknown, timeZone: string): { start: number; end: number } | null {
  const { start, end } = (typeof range === "object" && range !== null ? range : {}) as Record<
    string,
    unknown
  >;
  const from =
    start === null || start === undefined ? Number.NEGATIVE_INFINITY : instantOf(start, timeZone, 0);
  const to = end === null || end === undefined ? Number.POSITIVE_INFINITY : instantOf(end, timeZone, 1);
  return from === null || to === null ? null : { start: from, end: to };
}

function instantOf(value: unknown, timeZone: string, daysLater: number): number | null {
  if (typeof value !== "string") return null;
  if (/^\d{4}-\d{2}-\d{2}$/u.test(value)) return localDayStart(value, timeZone, daysLater);
  // Only full instants with a zone: "2026-11-30T10:00" alone would mean the reader's own zone.
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/u.test(value)) return null;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? null : instant;
}

/** Tiers in the currency that lower the price, by quantity; a quantity listed twice keeps its first. */
function lowerTiers(list: unknown, currency: string, base: PriceAmount, conflicts: Conflict[]) {
  const byQty = new Map<number, PriceAmount>();
  for (const entry of entriesOf(list)) {
    const amount = priceIn(entry.prices, currency);
    if (typeof entry.qty !== "number" || !(entry.qty > 0) || amount === null) continue;
    if (byQty.has(entry.qty)) {
      conflicts.push({
        kind: "tier-twice",
        message: `The quantity ${entry.qty} has more than one price; the first one listed is used.`,
      });
    } else byQty.set(entry.qty, amount);
  }
  const tiers = [...byQty].map(([qty, amount]) => ({ qty, amount })).sort((a, b) => a.qty - b.qty);
  // A tier counts only where it lowers the price reached so far: "from 6" never costs more than "from 1".
  let lowest = grossOf(base);
  return tiers.filter((tier) => {
    if (grossOf(tier.amount) >= lowest) return false;
    lowest = grossOf(tier.amount);
    return true;
  });
}
