// What a scale or GS1 label adds to the product: the weight or price printed on it, and the line total
// the till charges for this one item. Totals are in the product's currency, rounded to cents.
import type { Product } from "../../../shared/api/product.ts";
import type { ScanReading } from "../../../shared/barcode/scan-reading.ts";
import { roundMoney, shownPrice } from "../product/product-price.ts";

export interface LabelAmounts {
  weight: { value: number; unit: "kg" | "lb" } | null;
  price: number | null;
  discount: number | null;
  lineTotal: number | null;
  currency: string | null;
}

export function labelAmounts(
  code: ScanReading,
  product: Product,
  parent: Product | null,
): LabelAmounts | null {
  if (code.weight === null && code.price === null && code.discount === null) return null;
  const unitPrice = shownPrice(product, parent);
  const currency = unitPrice?.currency ?? null;
  const gross = unitPrice?.gross ?? null;
  let lineTotal: number | null = null;
  if (code.price !== null) lineTotal = code.price.value;
  else if (code.weight !== null && gross !== null) lineTotal = roundMoney(gross * code.weight.value);
  else if (code.discount !== null && gross !== null) lineTotal = roundMoney(gross - code.discount.value);
  return {
    weight: code.weight,
    price: code.price?.value ?? null,
    discount: code.discount?.value ?? null,
    lineTotal,
    currency,
  };
}
