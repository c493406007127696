// An amount of money always travels with its currency, rounded as that currency is written.
import { z } from "zod";

export const moneySchema = z.object({
  amount: z.number(),
  /** ISO 4217 letters, e.g. "EUR". */
  currency: z.string(),
});
export type Money = z.infer<typeof moneySchema>;

/**
 * The currencies asked about, with their decimals: making an Intl.NumberFormat to ask costs about
 * 15 µs, and a scan's sale total asks for every amount it sums (a third of a lookup's CPU at 1M
 * products, issue 52). A till sees a handful of currencies; a record naming thousands only refills it.
 */
const knownDecimals = new Map<string, number>();
const knownAtMost = 64;

/** How many decimals the currency is written with (2 for EUR, 0 for JPY, 3 for KWD). */
export function currencyDecimals(currency: string): number {
  let decimals = knownDecimals.get(currency);
  if (decimals === undefined) {
    decimals = intlDecimals(currency);
    if (knownDecimals.size >= knownAtMost) knownDecimals.clear();
    knownDecimals.set(currency, decimals);
  }
  return decimals;
}

function intlDecimals(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    // Not a currency Intl knows: two decimals, as most currencies have.
    return 2;
  }
}

/**
 * price x quantity in the currency's smallest unit, half away from zero, worked in whole numbers so
 * 3.49 x 1.25 gives 4.36 and never 4.362499999.
 */
export function multiplyMoney(price: Money, quantity: number): Money {
  const decimals = currencyDecimals(price.currency);
  const minor = BigInt(Math.round(price.amount * 10 ** decimals));
  const micro = BigInt(Math.round(quantity * 1_000_000));
  const product = minor * micro;
  const half = product < 0n ? -500_000n : 500_000n;
  const rounded = (product + half) / 1_000_000n;
  return { amount: Number(rounded) / 10 ** decimals, currency: price.currency };
}

/** An amount read from a label, rounded as the currency requires. */
export function moneyOf(amount: number, currency: string): Money {
  return multiplyMoney({ amount, currency }, 1);
}
