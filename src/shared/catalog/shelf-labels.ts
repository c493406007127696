// A shelf label as the till prints it, and the list of labels to print with why each is on it: the
// answers of `catalog labels --json` and of the Labels view, parsed at the IPC boundary.
import { z } from "zod";
import { moneySchema } from "./money.ts";
import { priceSources } from "./price-rule.ts";
import { unitPriceSchema } from "./unit-price.ts";

export const labelSymbologies = ["ean13", "ean8", "upca"] as const;
export type LabelSymbology = (typeof labelSymbologies)[number];

/** What one label reads: every field here is printed, and any change to one makes it due again. */
export const labelFaceSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** The pack size as read (content attribute or the end of the name), e.g. "6 × 0,33 l". */
  size: z.string().nullable(),
  /** The price this till charges now (gross), deposit not included; null when it has none. */
  price: moneySchema.nullable(),
  source: z.enum(priceSources).nullable(),
  /** An offer's last day (YYYY-MM-DD, the till's time zone); null when no offer runs. */
  offerLastDay: z.string().nullable(),
  /** What is charged with each piece (Pfand), shown apart from the price. */
  deposit: moneySchema.nullable(),
  unitPrice: unitPriceSchema.nullable(),
  /** The product's own retail code; null when it has none a label can carry (then no barcode). */
  code: z.object({ value: z.string(), symbology: z.enum(labelSymbologies) }).nullable(),
  sku: z.string().nullable(),
  /** A variant's options, e.g. "Farbe: blau, Größe: M". */
  options: z.string().nullable(),
});
export type LabelFace = z.infer<typeof labelFaceSchema>;

export const labelReasonKinds = [
  "new",
  "price",
  "offer-starts",
  "offer-ends",
  "deposit",
  "unit-price",
  "name",
  "barcode",
  "size",
  "sku",
  "options",
  "offer-last-day",
] as const;
export type LabelReasonKind = (typeof labelReasonKinds)[number];

/** Why a label is due: the field that changed, as printed before and as it reads now. */
export const labelReasonSchema = z.object({
  kind: z.enum(labelReasonKinds),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type LabelReason = z.infer<typeof labelReasonSchema>;

export const shelfLabelRowSchema = z.object({
  label: labelFaceSchema,
  group: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  /** Empty for a label asked for that reads as printed (`--all`, added by scan). */
  reasons: z.array(labelReasonSchema),
});
export type ShelfLabelRow = z.infer<typeof shelfLabelRowSchema>;

export const shelfLabelListSchema = z.object({
  /** The branch whose prices the labels carry; null for the default prices. */
  branch: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** The till's instant the prices were worked out for (ISO). */
  at: z.iso.datetime({ offset: true }),
  rows: z.array(shelfLabelRowSchema),
});
export type ShelfLabelList = z.infer<typeof shelfLabelListSchema>;

export const labelLayouts = ["a4-3x8", "roll-58x40"] as const;
export type LabelLayoutName = (typeof labelLayouts)[number];

export const labelRequestSchema = z.strictObject({
  /** Every product's label, not only those due. */
  all: z.boolean().optional(),
  /** Only this product group's (its name or id, case ignored). */
  group: z.string().trim().min(1).max(200).optional(),
  /** Only these products' labels, due or not (added by scan or search). */
  ids: z.array(z.string().min(1).max(200)).max(5000).optional(),
});
export type LabelRequest = z.infer<typeof labelRequestSchema>;
