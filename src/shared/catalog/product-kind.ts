// The product types of the API in the words a shop person uses, in English for the CLI. The API's own
// names (variant_product, tip_owner...) are for programs; the screens have these words in each language.
import type { knownProductTypes } from "../api/product.ts";

const kindNames: Record<(typeof knownProductTypes)[number], string> = {
  product: "product",
  composed_product: "bundle",
  voucher: "voucher",
  linked: "linked item",
  linked_product: "linked product",
  variant: "variant",
  variant_product: "product with variants",
  tip_owner: "tip for the owner",
  tip_employee: "tip for staff",
};

/** A type the service added later is shown as it is, underscores read as spaces. */
export function productKindName(type: string): string {
  return (kindNames as Record<string, string>)[type] ?? type.replaceAll("_", " ");
}
