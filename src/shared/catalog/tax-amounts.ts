// A price's net and gross made consistent with its tax rate where the record gives only one of them:
// a shop entering gross prices only still has its net amount on the card, and the other way round.
// Amounts the record gives are never changed, even where they disagree with the rate.
import { z } from "zod";
import { moneyOf } from "./money.ts";
import type { PriceAmount, ResolvedPrice } from "./price-rule.ts";

/** A tax as the card names it; `rate` is a fraction (0.19 for 19 %), null when the record gives none. */
export const taxNameSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  rate: z.number().nullable(),
});
export type TaxName = z.infer<typeof taxNameSchema>;

/** A product group as the card names it. */
export const groupNameSchema = z.object({ id: z.string(), name: z.string().nullable() });
export type GroupName = z.infer<typeof groupNameSchema>;

export function withTaxRate(
  price: ResolvedPrice | null,
  rate: number | null | undefined,
): ResolvedPrice | null {
  if (price === null || rate === null || rate === undefined) return price;
  const complete = (amount: PriceAmount) => completed(amount, rate, price.currency);
  return {
    ...price,
    amount: complete(price.amount),
    tiers: price.tiers.map((tier) => ({ ...tier, amount: complete(tier.amount) })),
  };
}

function completed(amount: PriceAmount, rate: number, currency: string): PriceAmount {
  const { net, gross } = amount;
  if (net === null && gross !== null) return { net: moneyOf(gross / (1 + rate), currency).amount, gross };
  if (gross === null && net !== null) return { net, gross: moneyOf(net * (1 + rate), currency).amount };
  return amount;
}
