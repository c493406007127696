// Whether a record received in a page is a product, answered without building anything. zod answers
// by building a copy of every record, which the sync drops at once: more than a third of what a full
// sync allocated, and so most of its garbage collections. The same contract, productCheckSchema,
// turned into JSON Schema and compiled by ajv, only reads the record. zod stays the judge of a record
// this refuses, and says why in words.
import { Ajv, type ValidateFunction } from "ajv";
import { z } from "zod";
import { type Product, productCheckSchema } from "../../shared/api/product.ts";

let compiled: ValidateFunction<Product> | undefined;

/**
 * Compiled at its first record rather than when the module loads: a CLI run or an app start that
 * reads no record (a sign-in, a lookup, a refused flag) does not pay for building the checker.
 */
export function isProductRecord(record: unknown): record is Product {
  compiled ??= new Ajv({ strict: true }).compile<Product>(
    // "throw": a part of the schema JSON Schema cannot say would otherwise become "anything goes".
    z.toJSONSchema(productCheckSchema, { io: "input", target: "draft-07", unrepresentable: "throw" }),
  );
  return compiled(record);
}
