// The answer to a scanned or typed code: how the code was read, the product with its variant family,
// or why nothing matched. The CLI prints it, IPC carries it, the scan screen shows it.
import { z } from "zod";
import { productSchema } from "../api/product.ts";
import type { Gs1Data } from "../barcode/gs1-application-identifiers.ts";
import {
  checkDigitVerdicts,
  type ScanReading,
  scanKinds,
  scanProblemKinds,
} from "../barcode/scan-reading.ts";
import { labelChargeSchema } from "./label-charge.ts";
import { resolvedPriceSchema } from "./price-rule.ts";
import { productPicturesSchema } from "./product-pictures.ts";
import { saleSchema } from "./sale-rule.ts";
import { groupNameSchema, taxNameSchema } from "./tax-amounts.ts";

const gs1DataSchema: z.ZodType<Gs1Data> = z.object({
  sscc: z.string().optional(),
  gtin: z.string().optional(),
  containedGtin: z.string().optional(),
  batch: z.string().optional(),
  serial: z.string().optional(),
  productionDate: z.string().optional(),
  packagingDate: z.string().optional(),
  bestBeforeDate: z.string().optional(),
  expiryDate: z.string().optional(),
  variableCount: z.number().optional(),
  count: z.number().optional(),
  netWeightKg: z.number().optional(),
  netWeightLb: z.number().optional(),
  price: z.number().optional(),
  priceCurrencyNumeric: z.string().optional(),
});

export const scanReadingSchema: z.ZodType<ScanReading> = z.object({
  kind: z.enum(scanKinds),
  normalised: z.string(),
  symbologyId: z.string().nullable(),
  searchKeys: z.array(z.string()),
  checkDigit: z.enum(checkDigitVerdicts),
  weight: z.object({ value: z.number(), unit: z.enum(["kg", "lb"]) }).nullable(),
  price: z.object({ value: z.number(), currencyNumeric: z.string().nullable() }).nullable(),
  discount: z.object({ value: z.number() }).nullable(),
  gs1: gs1DataSchema.nullable(),
  problem: z.object({ kind: z.enum(scanProblemKinds), message: z.string() }).nullable(),
});

/** Which of the product's identifiers the query was: a code (barcode), its SKU or its custom id. */
export const matchedFields = ["code", "sku", "custom-id"] as const;
export type MatchedField = (typeof matchedFields)[number];

/** A product with its parent and variants, as the catalog file holds them. */
const storedFamilySchema = z.object({
  /** The record as received, the one the code belongs to. */
  product: productSchema,
  /** For a variant: its parent, when the catalog holds it; else null. */
  parent: productSchema.nullable(),
  /** For a variant or a parent: all live variants of that parent (the match included); else []. */
  variants: z.array(productSchema),
});
export type StoredFamily = z.infer<typeof storedFamilySchema>;

/** Codes are tried first, then the SKU, then the custom id. */
export type StoredMatch = StoredFamily & { matchedBy: MatchedField };

/**
 * Each product of the family (product, parent, variants) by id, with its price for this till at the
 * moment of the answer; a variant without a price of its own sells at its parent's.
 */
const familyPricesSchema = z.record(z.string(), resolvedPriceSchema.nullable());
export type FamilyPrices = z.infer<typeof familyPricesSchema>;

export const productFamilySchema = storedFamilySchema.extend({
  prices: familyPricesSchema,
  /** The cached picture of each product of the family (product, parent, variants) that has one. */
  pictures: productPicturesSchema,
});
export type ProductFamily = z.infer<typeof productFamilySchema>;

/**
 * The product's group and tax as the catalog names them (its own, else its group's tax; a variant's
 * parent's where it names none); null when the record names none. Net and gross of the prices are
 * completed by the tax's rate where the record gives only one.
 */
const groupAndTaxFields = { group: groupNameSchema.nullable(), tax: taxNameSchema.nullable() };

/** A product opened by id (from a search or the matrix): its family, and how it is sold, as a scan says. */
export const productAnswerSchema = productFamilySchema.extend({ sale: saleSchema, ...groupAndTaxFields });
export type ProductAnswer = z.infer<typeof productAnswerSchema>;

export const lookupMatchSchema = productFamilySchema.extend({ matchedBy: z.enum(matchedFields) });
export type LookupMatch = z.infer<typeof lookupMatchSchema>;

export const lookupAnswerSchema = z.object({
  query: z.string(),
  /** What the scanned code was understood to be. */
  code: scanReadingSchema,
  match: lookupMatchSchema.nullable(),
  /**
   * The matched product's price for this till now (its parent's when it has none of its own); null
   * when nothing matched or it has no price in the till's currency.
   */
  price: resolvedPriceSchema.nullable(),
  /** How the product found is sold (sale-rule.ts); null when nothing matched. */
  sale: saleSchema.nullable(),
  /** For a label with a value inside and a product found: the amount to charge; else null. */
  label: labelChargeSchema.nullable(),
  /** Why nothing matched, in words a cashier can act on; null when something did. */
  reason: z.object({ kind: z.enum(["unknown-code", ...scanProblemKinds]), message: z.string() }).nullable(),
  ...groupAndTaxFields,
});
export type LookupAnswer = z.infer<typeof lookupAnswerSchema>;
