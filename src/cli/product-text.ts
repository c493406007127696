// Products as a person reads them in a terminal.
import { type Product, productCodes } from "../shared/api/product.ts";
import type { LookupAnswer } from "../shared/catalog/lookup-answer.ts";

function formatPrice(product: Product): string {
  const price = product.prices?.default_prices?.[0];
  const gross = price?.amount?.gross;
  if (price === undefined || gross === null || gross === undefined) return "no price";
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency: price.currency }).format(gross);
  } catch {
    // An unknown currency code must not hide the amount.
    return `${gross.toFixed(2)} ${price.currency}`;
  }
}

export function describeProductLine(product: Product): string {
  const flags = product.active ? "" : "  [inactive]";
  const codes = productCodes(product).join(", ") || "no barcode";
  return `${product.name}  ${formatPrice(product)}  (${product.type}; ${codes}; sku ${product.sku ?? "-"})${flags}`;
}

export function describeMatch(answer: LookupAnswer): string {
  const match = answer.match;
  if (match === null) return "";
  const lines = [describeProductLine(match.product)];
  const { weight, price, discount } = answer.code;
  if (weight) lines.push(`  weight on the label: ${weight.value} ${weight.unit}`);
  if (price) lines.push(`  price on the label: ${price.value.toFixed(2)}`);
  if (discount) lines.push(`  discount on the label: ${discount.value.toFixed(2)}`);
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
