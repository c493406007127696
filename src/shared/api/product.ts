// The product record. Keys follow the spec; fields the catalog relies on are required, the long tail
// is tolerated when absent, and unknown extra fields pass through untouched.
import { z } from "zod";
import { timestampSchema } from "./common.ts";

const loose = z.unknown().nullish();
const list = z.array(z.unknown()).nullish();

const priceAmountSchema = z.looseObject({ net: z.number().nullable(), gross: z.number().nullable() });

const defaultPriceSchema = z.looseObject({
  amount: priceAmountSchema.nullable(),
  currency: z.string(),
  cost: z.number().nullish(),
  margin: z.number().nullish(),
  purchase_price: z.number().nullish(),
});

const pricesSchema = z.looseObject({
  base_prices: list,
  branch_prices: list,
  scaled_prices: list,
  default_prices: z.array(defaultPriceSchema).nullish(),
  purchase_prices: list,
  time_based_prices: list,
});

/** A typed code: the newest of the three places a product keeps barcodes. */
const productCodeSchema = z.looseObject({
  data: z.string(),
  type: z.string().nullish(),
  caption: z.string().nullish(),
});

const attributesSchema = z.record(z.string(), z.string());

export const childSummarySchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  custom_id: z.string().nullish(),
  attributes: attributesSchema.nullish(),
  locations: loose,
  images: loose,
  barcodes: z.array(z.string()).nullish(),
});
export type ChildSummary = z.infer<typeof childSummarySchema>;

/** One option of a variant parent: `{ Colour: ["red", "blue"] }`. */
const optionSchema = z.record(z.string(), z.array(z.string()));

/** Named kinds in the spec; any other string is kept and shown, never rejected. */
export const knownProductTypes = [
  "product",
  "composed_product",
  "voucher",
  "linked",
  "linked_product",
  "variant",
  "variant_product",
  "tip_owner",
  "tip_employee",
] as const;

export const productSchema = z.looseObject({
  id: z.string().min(1),
  custom_id: z.string().nullish(),
  custom_ids: loose,
  metadata: loose,
  created_at: timestampSchema,
  updated_at: timestampSchema,
  name: z.string(),
  summary: z.string().nullish(),
  description: z.string().nullish(),
  account: z.string().nullish(),
  tax: z.string().nullish(),
  vat_class: loose,
  category: loose,
  brand: loose,
  condition: loose,
  insert_id: loose,
  images: loose,
  manufacturer: loose,
  produced_at: loose,
  purchased_at: loose,
  released_at: loose,
  similar_to: list,
  related_to: list,
  audiences: list,
  keywords: list,
  categories: list,
  tags: list,
  codes: z.array(productCodeSchema).nullish(),
  barcodes: z.array(z.string()).nullish(),
  active: z.boolean(),
  deleted: z.boolean(),
  type: z.string().min(1),
  product_group: z.string().nullish(),
  supplier: loose,
  attributes: attributesSchema.nullish(),
  barcode: z.string().nullish(),
  prices: pricesSchema.nullish(),
  sku: z.string().nullish(),
  stock_minimum: z.number().nullish(),
  stock_maximum: z.number().nullish(),
  reorder_point: z.number().nullish(),
  reorder_qty: z.number().nullish(),
  stockable: z.boolean().nullish(),
  stock_mode: z.string().nullish(),
  stock_configuration_location: loose,
  taxes_options: loose,
  parent: z.string().nullish(),
  children: z.array(childSummarySchema).nullish(),
  linked_products: loose,
  season: loose,
  seasons: loose,
  delegated_to: loose,
  delegated_from: loose,
  delegateable_to: loose,
  delegatable_to: loose,
  delegateable: z.boolean().nullish(),
  delegatable: z.boolean().nullish(),
  external_reference_id: loose,
  external_ids: loose,
  client_id: loose,
  default_tile_color: z.string().nullish(),
  discountable: z.boolean().nullish(),
  linkable: z.boolean().nullish(),
  locations: loose,
  is_service: z.boolean().nullish(),
  service_questions: loose,
  service_question_groups: loose,
  configuration: loose,
  loyalty_values: loose,
  product_manufacturers: loose,
  manufacturers: loose,
  warranty_notice: loose,
  refund_policy: loose,
  disclaimer: loose,
  policy: loose,
  online: z.boolean().nullish(),
  shipping_required: z.boolean().nullish(),
  sellable: z.boolean().nullish(),
  purchasable: z.boolean().nullish(),
  serial_number_input_required: z.boolean().nullish(),
  custom_properties: loose,
  options: z.array(optionSchema).nullish(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * Accepts exactly the records productSchema accepts, and only checks them: the fields that accept
 * anything are left out and unknown ones are not copied, so a record costs about half as much and a
 * fresh process's first page a quarter (the sync keeps the record itself, never a parsed copy).
 */
export const productCheckSchema = z.object(
  Object.fromEntries(Object.entries(productSchema.shape).filter(([, field]) => field !== loose)),
);
