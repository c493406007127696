// The upstream's own schema of one product record (test/fixtures/upstream-schemas, copied unchanged
// from @tillhub/schemas 6.418.1, Apache-2.0), widened only where its README says the service sends
// more than it lists: `id`, `created_at` and `updated_at` beside the record, `base_prices` and
// `purchase_prices` inside `prices`. Used as an oracle: what it accepts, the real service may send.
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";

type Schema = Record<string, unknown> & { properties: Record<string, Record<string, unknown>> };

export function upstreamProductSchema(): Schema {
  const file = new URL("../fixtures/upstream-schemas/products.create.response.schema.json", import.meta.url);
  const response = JSON.parse(readFileSync(file, "utf8"));
  const record = structuredClone(response.properties.results.items) as Schema;
  record.properties.id = { type: "string", format: "uuid" };
  record.properties.created_at = {};
  record.properties.updated_at = {};
  const prices = record.properties.prices?.anyOf as Schema[];
  for (const form of prices) {
    if (form.type !== "object") continue;
    form.properties.base_prices = { type: "array" };
    form.properties.purchase_prices = { type: "array" };
  }
  return record;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ajv with the three formats the schema uses, checked as the schema means them. */
export function upstreamProductValidator() {
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    // 0.15 / 0.01 is 14.999999999999998 in floating point: two decimals are what multipleOf 0.01 means.
    multipleOfPrecision: 9,
    formats: {
      uuid,
      "date-time": (text: string) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)),
      uri: (text: string) => URL.canParse(text),
    },
  });
  return ajv.compile(upstreamProductSchema());
}

/**
 * Keys of our product schema that the upstream's does not list (its records may not carry them):
 * demo records shaped after the upstream's leave them out.
 */
export function keysUpstreamLacks(keys: readonly string[]): string[] {
  const listed = upstreamProductSchema().properties;
  return keys.filter((key) => !(key in listed));
}
