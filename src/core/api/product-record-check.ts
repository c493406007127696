// Whether a record received in a page is a product, answered without building anything. zod answers
// by building a copy of every record, which the sync drops at once: more than a third of what a full
// sync allocated, and so most of its garbage collections. The same contract, productCheckSchema,
// turned into JSON Schema and compiled by ajv (product-record-validator.ts), only reads the record.
// zod stays the judge of a record this refuses, and says why in words.
import type { Product } from "../../shared/api/product.ts";
import { productRecordValidator } from "./product-record-validator.ts";

let compiled: ((record: unknown) => record is Product) | undefined;

/**
 * Made at the first record, not when a module is loaded: a start that reads no page (a lookup, a
 * sign-in, the app's main thread) never pays for it, and a sync worker pays once.
 */
export function isProductRecord(record: unknown): record is Product {
  compiled ??= productRecordValidator();
  return compiled(record);
}
