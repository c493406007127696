// Products as a person reads them in a terminal.
import type { Product } from "../shared/api/product.ts";
import { productCodes } from "../shared/api/product-codes.ts";
import type { LabelCharge } from "../shared/catalog/label-charge.ts";
import type { LookupAnswer, MatchedField } from "../shared/catalog/lookup-answer.ts";
import type { Money } from "../shared/catalog/money.ts";
import type { ResolvedPrice } from "../shared/catalog/price-rule.ts";
import { priceMoment } from "../shared/catalog/price-until.ts";
import { productKindName } from "../shared/catalog/product-kind.ts";
import { count } from "./people-format.ts";
import { describeSale } from "./sale-text.ts";

export function formatMoney({ amount, currency }: Money): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(amount);
  } catch {
    // An unknown currency code must not hide the amount.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

function formatPrice(product: Product): string {
  const price = product.prices?.default_prices?.[0];
  const gross = price?.amount?.gross;
  if (price === undefined || gross === null || gross === undefined) return "no price";
  return formatMoney({ amount: gross, currency: price.currency });
}

const matchedWords: Record<MatchedField, string> = {
  code: "",
  sku: "  (found by its SKU)",
  "custom-id": "  (found by its custom id)",
};

function describeLabel(label: LabelCharge): string[] {
  const lines: string[] = [];
  const unitPrice = label.unitPrice === null ? "" : ` at ${formatMoney(label.unitPrice)}/kg`;
  if (label.weight)
    lines.push(`  weight on the label: ${count(label.weight.value)} ${label.weight.unit}${unitPrice}`);
  if (label.kind === "price" && label.charge)
    lines.push(`  price on the label: ${formatMoney(label.charge)}`);
  if (label.discount) lines.push(`  discount on the label: ${formatMoney(label.discount)} off`);
  if (label.kind !== "discount") {
    lines.push(
      label.charge
        ? `  to charge: ${formatMoney(label.charge)}`
        : "  to charge: unknown, the product has no price",
    );
  }
  return lines;
}

/**
 * The price this till charges, why, and the quantity prices: "2.79 € (offer until 30 Nov)",
 * "3.49 € (branch price; offer from 1 Dec)", "3.99 € (from 6: 2.99 € each)".
 */
export function describePrice(price: ResolvedPrice | null): string {
  const gross = price?.amount.gross;
  if (price === null || gross === null || gross === undefined) return "no price";
  const money = (amount: number | null) =>
    amount === null ? "no price" : formatMoney({ amount, currency: price.currency });
  const reasons: string[] = [];
  // Only offers begin and end: a price that is no offer changes when one begins.
  if (price.source === "time-based")
    reasons.push(price.until === null ? "offer" : `offer until ${momentText(price.until, "end")}`);
  if (price.source === "branch") reasons.push("branch price");
  if (price.source !== "time-based" && price.until !== null)
    reasons.push(`offer from ${momentText(price.until, "start")}`);
  for (const tier of price.tiers) reasons.push(`from ${count(tier.qty)}: ${money(tier.amount.gross)} each`);
  return reasons.length === 0 ? money(gross) : `${money(gross)} (${reasons.join("; ")})`;
}

function momentText(iso: string, role: "end" | "start"): string {
  const { at, wholeDay } = priceMoment(iso, role);
  const options: Intl.DateTimeFormatOptions = wholeDay
    ? { day: "numeric", month: "short" }
    : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
  return new Intl.DateTimeFormat(undefined, options).format(at);
}

export function describeProductLine(product: Product, price = formatPrice(product)): string {
  const flags = product.active ? "" : "  [inactive]";
  const codes = productCodes(product).join(", ") || "no barcode";
  return `${product.name}  ${price}  (${productKindName(product.type)}; ${codes}; sku ${product.sku ?? "-"})${flags}`;
}

export function describeMatch(answer: LookupAnswer): string {
  const match = answer.match;
  if (match === null) return "";
  const sale = answer.sale === null ? "" : describeSale(answer.sale, answer.price, formatMoney);
  const lines = [
    `${describeProductLine(match.product, describePrice(answer.price))}${sale}${matchedWords[match.matchedBy]}`,
  ];
  const groupAndTax = describeGroupAndTax(answer);
  if (groupAndTax !== null) lines.push(groupAndTax);
  for (const conflict of answer.price?.conflicts ?? [])
    lines.push(`  note on the prices: ${conflict.message}`);
  if (answer.label) lines.push(...describeLabel(answer.label));
  if (match.parent) lines.push(`  variant of: ${match.parent.name}`);
  // A linked child (a deposit) shares the parent column with variants; it is shown with the sale.
  for (const variant of match.variants.filter((member) => member.type !== "linked")) {
    const attributes = Object.entries(variant.attributes ?? {})
      .map(([name, value]) => `${name} ${value}`)
      .join(", ");
    const marker = variant.id === match.product.id ? "*" : " ";
    const price = describePrice(match.prices[variant.id] ?? null);
    lines.push(`  ${marker} ${attributes}  ${price}  ${productCodes(variant).join(", ")}`);
  }
  return `${lines.join("\n")}\n`;
}

/** "  group: Backwaren; tax: MwSt. 7 % (7 %)"; null when the record names neither. */
function describeGroupAndTax({ group, tax }: Pick<LookupAnswer, "group" | "tax">): string | null {
  const parts: string[] = [];
  if (group !== null) parts.push(`group: ${group.name ?? group.id}`);
  if (tax !== null) {
    const rate = tax.rate === null ? "" : ` (${count(Math.round(tax.rate * 10_000) / 100)} %)`;
    parts.push(`tax: ${tax.name ?? tax.id}${rate}`);
  }
  return parts.length === 0 ? null : `  ${parts.join("; ")}`;
}
