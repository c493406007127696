// Records generated from the upstream's product schema, made fit for a test: json-schema-faker's own
// slips mended, so every record is one the schema accepts, and codes made unique across records.
// The slips, as json-schema-faker 0.6.3 makes them:
// - float noise under `multipleOf` (19.990000000000002 for a price at 0.01): rounded to the step;
// - `policy` as an object, which can never pass: the schema requires a key `v0` that its own
//   `additionalProperties: false` forbids; null instead, the one value it accepts;
// - an option `{ example: "..." }`: a key its pattern allows with a value that is no list; left out.
import type { ErrorObject } from "ajv";
import { generateSync, type JsonSchema } from "json-schema-faker";
import { oracle } from "./upstream-schemas.ts";

type Json = Record<string, unknown>;

/** The longest text a generated record holds: short texts keep thousands of records to megabytes. */
const textLimit = 40;

/**
 * Record `seed` of a schema: every optional field present, texts of at most 40 characters and lists
 * of at most 3, the generator's slips mended. The generator is given the schema with its longer
 * `maxLength`s brought down to 40: it draws a text's length up to the schema's own limit and builds
 * it character by character before cutting it to the 40 asked for, so a field allowed 16,384
 * characters cost more than the rest of the record together (most of the property tests' time).
 * The record is judged against the schema as published.
 */
export function generatedRecord(schema: Json, seed: number): Json {
  const record = generateSync(shortTexts(schema) as JsonSchema, {
    seed,
    alwaysFakeOptionals: true,
    maxLength: textLimit,
    maxItems: 3,
  }) as Json;
  mendGeneratorSlips(record, schema);
  return record;
}

const shortened = new WeakMap<Json, Json>();

function shortTexts(schema: Json): Json {
  let short = shortened.get(schema);
  if (short === undefined) {
    short = structuredClone(schema);
    capLengths(short);
    shortened.set(schema, short);
  }
  return short;
}

function capLengths(node: unknown): void {
  if (typeof node !== "object" || node === null) return;
  const json = node as Json;
  if (typeof json.maxLength === "number" && json.maxLength > textLimit)
    json.maxLength = Math.max(textLimit, typeof json.minLength === "number" ? json.minLength : 0);
  for (const value of Object.values(json)) capLengths(value);
}

/** Mends the record in place until the schema accepts it, or nothing more can be mended. */
function mendGeneratorSlips(record: Json, schema: Json): void {
  const check = oracle(schema);
  for (let round = 0; round < 5; round++) {
    const errors = check.errors(record);
    if (errors.length === 0) return;
    for (const error of errors) mend(record, error);
  }
}

function mend(record: Json, error: ErrorObject): void {
  const path = error.instancePath.split("/").slice(1);
  if (path[0] === "policy") record.policy = null;
  else if (error.keyword === "multipleOf") {
    const step = (error.params as { multipleOf: number }).multipleOf;
    const places = Math.max(0, Math.round(-Math.log10(step)));
    setAt(record, path, Number((valueAt(record, path) as number).toFixed(places)));
  } else if (path[0] === "options" && path.length === 3 && error.keyword === "type") {
    delete (valueAt(record, path.slice(0, 2)) as Json)[path[2] as string];
  }
}

function valueAt(record: Json, path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Json | undefined)?.[key], record);
}

function setAt(record: Json, path: string[], value: unknown): void {
  (valueAt(record, path.slice(0, -1)) as Json)[path.at(-1) as string] = value;
}

/** The longest data the schema allows a typed code of these types. */
const dataLimits: Record<string, number> = { ean8: 8, ean13: 13 };

/**
 * Every code of the record (barcode, barcodes, codes' data, its children's barcodes) made unique: a
 * token of its own in front (generated codes repeat across records: short texts, the schema's
 * examples, and a code two products share finds either), cut to what the schema allows its type.
 */
export function uniqueCodes(record: Json, nextToken: () => string): Json {
  const unique = (code: unknown, limit = 1024) =>
    typeof code === "string" ? `${nextToken()}-${code}`.slice(0, limit) : code;
  const uniqueList = (codes: unknown) => (Array.isArray(codes) ? codes.map((code) => unique(code)) : codes);
  record.barcode = unique(record.barcode);
  record.barcodes = uniqueList(record.barcodes);
  if (Array.isArray(record.codes))
    record.codes = record.codes.map((code: Json | null) =>
      code === null ? code : { ...code, data: unique(code.data, dataLimits[code.type as string]) },
    );
  if (Array.isArray(record.children))
    record.children = record.children.map((child: Json) => ({
      ...child,
      barcodes: uniqueList(child.barcodes),
    }));
  return record;
}
