// Products of the demo catalog picked by what a screen should show: a variant of a family that fills
// the variant matrix (with an inactive sibling when there is one), and plain products with barcodes.
import type { Product } from "../../src/shared/api/product.ts";

/** The scannable variant of the family with the most variants, an inactive one among them if any. */
export function largestFamilyVariant(records: readonly Product[]): Product {
  const families = new Map<string, Product[]>();
  for (const record of records) {
    if (record.type === "variant" && record.parent)
      families.set(record.parent, [...(families.get(record.parent) ?? []), record]);
  }
  const score = (family: Product[]) => family.length + (family.some((item) => !item.active) ? 100 : 0);
  const [family] = [...families.values()].sort((a, b) => score(b) - score(a));
  const scanned = family?.find((item) => item.active && item.barcode);
  if (!scanned) throw new Error("the demo catalog has no variant family with a scannable variant");
  return scanned;
}

const isPlain = (item: Product) =>
  item.type === "product" && item.active && /^[3-9]\d{12}$/.test(item.barcode ?? "");

/** The first `count` active plain products with an EAN-13 barcode. */
export function plainProducts(records: readonly Product[], count: number): Product[] {
  const found = records.filter(isPlain).slice(0, count);
  if (found.length < count) throw new Error(`the demo catalog has fewer than ${count} plain products`);
  return found;
}

/** Whether the record names a picture (the demo gives about 30% of its records one; the rest `{"1x": null}`). */
export function hasPicture(record: Product): boolean {
  const images = record.images as Record<string, unknown> | null | undefined;
  return Object.values(images ?? {}).some((url) => typeof url === "string" && url !== "");
}

/** Active plain products with an EAN-13 barcode: the first with a picture, and the first without. */
export function plainWithAndWithoutPicture(records: readonly Product[]): {
  pictured: Product;
  bare: Product;
} {
  const plain = records.filter(isPlain);
  const pictured = plain.find(hasPicture);
  const bare = plain.find((record) => !hasPicture(record));
  if (!pictured || !bare) throw new Error("the demo catalog lacks a plain product with or without a picture");
  return { pictured, bare };
}
