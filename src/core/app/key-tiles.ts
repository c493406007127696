// One key's tile from what the catalog holds: its name, the price this till charges (the lookups'
// price rule, net and gross completed by the product's tax), its picture, its colour, and why it
// cannot be used when it cannot. Pure: the reads are done before.
import type { Product } from "../../shared/api/product.ts";
import type { FavouriteKeyInfo } from "../../shared/api/reference-data.ts";
import { AppError } from "../../shared/app-error.ts";
import type { CounterKey } from "../../shared/catalog/counter-keys.ts";
import { type PriceContext, resolvePrice } from "../../shared/catalog/price-rule.ts";
import type { ProductPictures } from "../../shared/catalog/product-pictures.ts";
import { asksPrice } from "../../shared/catalog/sale-rule.ts";
import { withTaxRate } from "../../shared/catalog/tax-amounts.ts";
import type { GroupPosition, ReferenceMaps } from "../catalog/reference-reads.ts";
import { groupAndTax } from "./group-and-tax.ts";

export interface KeyFacts extends ReferenceMaps {
  context: PriceContext;
  pictures: ProductPictures;
}

export function productKey(product: Product, position: number, facts: KeyFacts): CounterKey {
  const { group, tax } = groupAndTax(product, facts);
  const price = withTaxRate(resolvePrice(product.prices, facts.context), tax?.rate);
  const tile = typeof product.default_tile_color === "string" ? product.default_tile_color : null;
  return {
    position,
    kind: "product",
    id: product.id,
    name: product.name,
    price,
    picture: facts.pictures[product.id] ?? null,
    color: tile ?? group?.color ?? null,
    variantParent: product.type === "variant_product",
    priceEntry: asksPrice(product, price),
    disabled: disabledProduct(product),
  };
}

export function favouriteKey(
  key: FavouriteKeyInfo,
  products: ReadonlyMap<string, Product>,
  facts: KeyFacts,
): CounterKey {
  const blank = {
    position: key.index,
    id: key.objectId,
    name: null,
    price: null,
    picture: null,
    color: null,
    variantParent: false,
    priceEntry: false,
  };
  if (key.type === "product") {
    const product = products.get(key.objectId);
    if (product !== undefined) return productKey(product, key.index, facts);
    return { ...blank, kind: "product", disabled: { kind: "missing", message: missingProduct } };
  }
  if (key.type === "product_group") {
    const group = facts.groups.get(key.objectId);
    if (group === undefined)
      return { ...blank, kind: "group", disabled: { kind: "missing", message: missingGroup } };
    return { ...blank, kind: "group", name: group.name, color: group.color, disabled: null };
  }
  return { ...blank, kind: "other", disabled: { kind: "not-a-product", message: notAProduct(key.type) } };
}

function disabledProduct(product: Product): CounterKey["disabled"] {
  if (product.sellable === false)
    return {
      kind: "not-sellable",
      message: "This product may not be sold (the service marks it not for sale).",
    };
  if (product.active === false)
    return { kind: "inactive", message: "This product is switched off at the service, so it is not sold." };
  return null;
}

const missingProduct =
  "This key's product is not in the catalog on this till: sync, or ask the shop to correct the key at the service.";
const missingGroup =
  "This key's product group is not in the catalog on this till: sync, or ask the shop to correct the key at the service.";

function notAProduct(type: string): string {
  return `This key is a ${type.replaceAll("_", " ")} key, which this till does not sell by key yet.`;
}

/** A group page's `next`, as given out; anything else is refused as a bad argument. */
export function groupPositionOf(after: string): GroupPosition {
  try {
    const [name, seq] = JSON.parse(after) as unknown[];
    if (typeof name === "string" && Number.isSafeInteger(seq)) return { name, seq: seq as number };
  } catch {
    // Not JSON: refused below.
  }
  throw new AppError(
    "invalid-request",
    "That page of the group is not one this till gave out. Open the group again.",
  );
}
