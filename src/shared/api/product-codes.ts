// Every code a product answers to, in one list: kept apart from the product schema, so the till's
// lookup path reads codes without loading the schema library.
import type { Product } from "./product.ts";

/** Every code a product can be found by: `barcode`, each of `barcodes`, each `codes[].data`. */
export function productCodes(product: Pick<Product, "barcode" | "barcodes" | "codes">): string[] {
  const codes = [
    product.barcode,
    ...(product.barcodes ?? []),
    ...(product.codes ?? []).map((code) => code.data),
  ];
  return codes.filter((code): code is string => typeof code === "string" && code.trim() !== "");
}
