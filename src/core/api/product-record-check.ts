// Whether a record received in a page is a product, answered without building anything. zod answers
// by building a copy of every record, which the sync drops at once: more than a third of what a full
// sync allocated, and so most of its garbage collections. The same contract, productCheckSchema,
// turned into JSON Schema and compiled by ajv, only reads the record. zod stays the judge of a record
// this refuses, and says why in words.
import { Ajv, type ValidateFunction } from "ajv";
import { z } from "zod";
import { type Product, productCheckSchema } from "../../shared/api/product.ts";

// Compiled at the first record, not when the module loads: the commerce client holds this module, and
// a sign-in, which reads no product, would otherwise pay for the compilation (a fifth of its CPU).
let compiled: ValidateFunction<Product> | undefined;

export function isProductRecord(record: unknown): record is Product {
  compiled ??= compile();
  return compiled(record);
}

function compile(): ValidateFunction<Product> {
  // "throw": a part of the schema JSON Schema cannot say would otherwise become "anything goes".
  const jsonSchema = z.toJSONSchema(productCheckSchema, {
    io: "input",
    target: "draft-07",
    unrepresentable: "throw",
  });
  return new Ajv({ strict: true }).compile<Product>(jsonSchema);
}
