// Whether a record received in a page is a product, answered without building anything. zod answers
// by building a copy of every record, which the sync drops at once: more than a third of what a full
// sync allocated, and so most of its garbage collections. The same contract, productCheckSchema,
// turned into JSON Schema and compiled by ajv, only reads the record. zod stays the judge of a record
// this refuses, and says why in words.
import { Ajv } from "ajv";
import { z } from "zod";
import { type Product, productCheckSchema } from "../../shared/api/product.ts";

/** The contract as JSON Schema. "throw": a part JSON Schema cannot say would otherwise be "anything goes". */
export function productRecordJsonSchema() {
  return z.toJSONSchema(productCheckSchema, { io: "input", target: "draft-07", unrepresentable: "throw" });
}

let compiled: ((record: unknown) => record is Product) | undefined;

/**
 * Compiled at the first record, not when a module is loaded: a start that reads no page (a lookup,
 * a sign-in, the app's main thread) never pays for it, and a sync worker pays once. ajv's own check
 * of the schema against the JSON Schema meta-schema is left out (it compiled the meta-schema at every
 * start, as much again as the check itself); product-record-check.test.ts makes it once, in the tests.
 */
export function isProductRecord(record: unknown): record is Product {
  compiled ??= new Ajv({ strict: true, validateSchema: false }).compile<Product>(productRecordJsonSchema());
  return compiled(record);
}
