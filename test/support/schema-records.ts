// Records generated from the upstream's product schema, made fit for a test: json-schema-faker's own
// slips mended, so every record is one the schema accepts, and codes made unique across records.
// The slips, as json-schema-faker 0.6.3 makes them:
// - float noise under `multipleOf` (19.990000000000002 for a price at 0.01): rounded to the step;
// - `policy` as an object, which can never pass: the schema requires a key `v0` that its own
//   `additionalProperties: false` forbids; null instead, the one value it accepts;
// - an option `{ example: "..." }`: a key its pattern allows with a value that is no list; left out.
import type { ErrorObject } from "ajv";
import { oracle } from "./upstream-schemas.ts";

type Json = Record<string, unknown>;

/** Mends the record in place until the schema accepts it, or nothing more can be mended. */
export function mendGeneratorSlips(record: Json, schema: Json): void {
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
