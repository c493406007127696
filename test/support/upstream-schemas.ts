// The upstream's own published schemas (test/fixtures/upstream-schemas) compiled as test oracles: what
// the real service may send is whatever they accept, whatever our own contract says.
import { readFileSync } from "node:fs";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { default as addFormats } from "ajv-formats";

const folder = new URL("../fixtures/upstream-schemas/", import.meta.url);

type JsonObject = Record<string, unknown>;

function schemaFile(name: string): JsonObject {
  return JSON.parse(readFileSync(new URL(name, folder), "utf8")) as JsonObject;
}

/** The products answer's schema, as published. */
export const productsAnswerSchema = schemaFile("products.create.response.schema.json");
/** The branches answer's schema, as published. */
export const branchesAnswerSchema = schemaFile("branches.read.all.response.schema.json");
/** The product groups answer's schema, as published. */
const productGroupsAnswerSchema = schemaFile("product_groups.create.response.schema.json");

/** `properties.results.items` of an answer schema: the schema of one record. */
function recordSchema(answer: JsonObject): JsonObject {
  const results = (answer.properties as JsonObject).results as JsonObject;
  return structuredClone(results.items) as JsonObject;
}

const timestamp = {
  type: "object",
  required: ["iso", "unix"],
  properties: { iso: { type: "string", format: "date-time" }, unix: { type: "number" } },
};

/**
 * One product record as the service returns it: the published record plus what the contract adds and
 * the published schema leaves out (`id`, `created_at`, `updated_at`, `prices.base_prices` and
 * `prices.purchase_prices`).
 */
export function productRecordSchema(): JsonObject {
  const record = recordSchema(productsAnswerSchema);
  const properties = record.properties as JsonObject;
  properties.id = { type: "string", format: "uuid" };
  properties.created_at = timestamp;
  properties.updated_at = timestamp;
  const prices = properties.prices as { anyOf: JsonObject[] };
  for (const form of prices.anyOf) {
    if (form.type !== "object") continue;
    const lists = form.properties as JsonObject;
    lists.base_prices = { type: "array" };
    lists.purchase_prices = { type: "array" };
  }
  return record;
}

/** One branch record, as published. */
export function branchRecordSchema(): JsonObject {
  return recordSchema(branchesAnswerSchema);
}

/** One product group, as published (it has no timestamps). */
export function productGroupRecordSchema(): JsonObject {
  return recordSchema(productGroupsAnswerSchema);
}

/**
 * A record read back from a resource whose published schema is the one of a write (favourite sets,
 * taxes): that schema plus the `id` and ISO `created_at`/`updated_at` the service adds.
 */
function readBack(requestFile: string): JsonObject {
  const record = schemaFile(requestFile);
  const properties = record.properties as JsonObject;
  properties.id = { type: "string", format: "uuid" };
  properties.created_at = { type: "string", format: "date-time" };
  properties.updated_at = { type: "string", format: "date-time" };
  record.required = [...((record.required as string[] | undefined) ?? []), "id", "created_at", "updated_at"];
  return record;
}

/** One favourite set as read back. */
export function favouriteRecordSchema(): JsonObject {
  return readBack("favourites.create.request.schema.json");
}

/** One tax as read back. */
export function taxRecordSchema(): JsonObject {
  return readBack("taxes.create.request.schema.json");
}

// Not strict: the published schemas carry keywords ajv's strict mode refuses (`example`, `deprecated`
// next to `anyOf`, ...), and they are the oracle as they stand. multipleOf is judged to 1e-6: a price
// such as 276539.03 is a multiple of 0.01, though its quotient in floating point is 27653903.000000004.
const ajv = new Ajv({ strict: false, allErrors: true, multipleOfPrecision: 6 });
addFormats(ajv);

export interface Oracle {
  /** The schema's complaints about a value, in words; empty when it is valid. */
  problems(value: unknown): string[];
  /** The same complaints as ajv gives them, with where and which keyword. */
  errors(value: unknown): ErrorObject[];
}

/** Compiled once per schema text: files sharing a worker's modules share this ajv and its ids. */
const compiled = new Map<string, ValidateFunction>();

function validatorOf(schema: JsonObject): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = compiled.get(text);
  if (validate === undefined) {
    // The same id with other text (a schema mended differently): this one replaces it.
    if (typeof schema.$id === "string") ajv.removeSchema(schema.$id);
    validate = ajv.compile(schema);
    compiled.set(text, validate);
  }
  return validate;
}

export function oracle(schema: JsonObject): Oracle {
  const validate = validatorOf(schema);
  const errors = (value: unknown) => (validate(value) ? [] : [...(validate.errors ?? [])]);
  return { errors, problems: (value) => errors(value).map(wordError) };
}

function wordError(error: ErrorObject): string {
  return `${error.instancePath || "(record)"} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`;
}
