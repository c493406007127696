// What a variant parent's `children` say about each child: a summary, not the whole record.
import type { ChildSummary, Product } from "../../shared/api/product.ts";

export function childSummary(child: Product): ChildSummary {
  return {
    id: child.id,
    name: child.name,
    custom_id: child.custom_id,
    attributes: { ...child.attributes },
    locations: null,
    images: { ...(child.images as Record<string, string | null>) },
    barcodes: [child.barcode, ...(child.barcodes ?? [])].filter((code) => typeof code === "string"),
  };
}
