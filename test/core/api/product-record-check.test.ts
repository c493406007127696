// The record check compiles its schema without ajv's meta-schema check (product-record-validator.ts):
// that check is made here, once, instead of at every start of a sync.
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { productRecordJsonSchema } from "../../../src/core/api/product-record-validator.ts";

describe("the product record check's schema", () => {
  it("is valid JSON Schema (draft-07)", () => {
    const ajv = new Ajv({ strict: true });
    const valid = ajv.validateSchema(productRecordJsonSchema());
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });
});
