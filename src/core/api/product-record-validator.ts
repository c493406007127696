// The compiled check of a product record: productCheckSchema turned into JSON Schema and compiled by
// ajv. Run from the sources, it is compiled here, at the first record a process reads. A bundle (the
// CLI's, the workers', the app's) carries the same code compiled when the bundle was built
// (src/cli/product-check-plugin.mjs replaces this module): compiling it was a large part of a bundled
// sync worker's start (`npm run bench -- --only worker-start`, docs/benchmarks.md).
import { Ajv } from "ajv";
import { z } from "zod";
import { type Product, productCheckSchema } from "../../shared/api/product.ts";

/**
 * ajv's options, the same for the build. ajv's own check of the schema against the JSON Schema
 * meta-schema is left out (it compiled the meta-schema at every start, as much again as the check
 * itself); product-record-check.test.ts makes it once, in the tests.
 */
export const checkOptions = { strict: true, validateSchema: false } as const;

/** The contract as JSON Schema. "throw": a part JSON Schema cannot say would otherwise be "anything goes". */
export function productRecordJsonSchema() {
  return z.toJSONSchema(productCheckSchema, { io: "input", target: "draft-07", unrepresentable: "throw" });
}

export function productRecordValidator(): (record: unknown) => record is Product {
  return new Ajv(checkOptions).compile<Product>(productRecordJsonSchema());
}
