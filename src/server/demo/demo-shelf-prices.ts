// The demo's prices: net of VAT in whole cents, ending in 9 as shelf prices do, in steps that suit the
// price (10 cents below €2, 50 cents below €20, a euro above), and gross the net at the VAT rate
// rounded to cents exactly once.

import type { Random } from "../faults/seeded-random.ts";
import type { VatPercent } from "./demo-taxes.ts";

export interface Price {
  /** Net, in cents. */
  cents: number;
  vat: VatPercent;
}

function stepOf(cents: number): number {
  return cents < 200 ? 10 : cents < 2000 ? 50 : 100;
}

/** A shelf price whose gross lies about between `minEuros` and `maxEuros`. */
export function shelfPrice(random: Random, minEuros: number, maxEuros: number, vat: VatPercent): Price {
  const net = (euros: number) => (euros * 100 * 100) / (100 + vat);
  const step = stepOf(net(maxEuros));
  const low = Math.max(1, Math.ceil(net(minEuros) / step));
  const high = Math.max(low, Math.floor(net(maxEuros) / step));
  return { cents: random.int(low, high) * step - 1, vat };
}

/** Net and gross in euros, gross being the net rounded to cents exactly once (integer arithmetic). */
export function amountOf({ cents, vat }: Price): { net: number; gross: number } {
  return { net: cents / 100, gross: Math.round((cents * (100 + vat)) / 100) / 100 };
}

/** The shelf price changed by `factor`, still ending in 9 in its steps, and at least 9 cents. */
export function priceTimes(price: Price, factor: number): Price {
  const step = stepOf(price.cents);
  return { ...price, cents: Math.max(9, Math.round((price.cents * factor + 1) / step) * step - 1) };
}
