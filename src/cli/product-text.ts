// Products as a person reads them in a terminal.
import type { Product } from "../shared/api/product.ts";
import { productCodes } from "../shared/api/product-codes.ts";
import type { LabelCharge } from "../shared/catalog/label-charge.ts";
import type { LookupAnswer, MatchedField } from "../shared/catalog/lookup-answer.ts";
import type { Money } from "../shared/catalog/money.ts";
import { productKindName } from "../shared/catalog/product-kind.ts";
import { count } from "./people-format.ts";

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

export function describeProductLine(product: Product): string {
  const flags = product.active ? "" : "  [inactive]";
  const codes = productCodes(product).join(", ") || "no barcode";
  return `${product.name}  ${formatPrice(product)}  (${productKindName(product.type)}; ${codes}; sku ${product.sku ?? "-"})${flags}`;
}

export function describeMatch(answer: LookupAnswer): string {
  const match = answer.match;
  if (match === null) return "";
  const lines = [`${describeProductLine(match.product)}${matchedWords[match.matchedBy]}`];
  if (answer.label) lines.push(...describeLabel(answer.label));
  if (match.parent) lines.push(`  variant of: ${match.parent.name}`);
  for (const variant of match.variants) {
    const attributes = Object.entries(variant.attributes ?? {})
      .map(([name, value]) => `${name} ${value}`)
      .join(", ");
    const marker = variant.id === match.product.id ? "*" : " ";
    lines.push(`  ${marker} ${attributes}  ${formatPrice(variant)}  ${productCodes(variant).join(", ")}`);
  }
  return `${lines.join("\n")}\n`;
}
