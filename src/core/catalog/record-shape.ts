// A product record stored without what every record of its kind repeats. Records the service sends
// share one list of keys (a "shape"), and most values are the same in almost every record (nulls,
// empty lists, false, the same settings): about half of a record's JSON is key text and another half
// of the rest is such values. A shape holds its keys once and a template of the usual value of each;
// a record keeps only the values that differ from the template, in key order, behind a mask saying
// which keys those are. Reading one back parses that short text and takes the rest from the shape's
// usual values, no decompression (less than one JSON.parse of the whole record takes), and the
// object comes out with the keys in the order the service sent them. The record's id is not stored
// at all: the row holds it in its own column, and it is put back in its place when the record is
// read (37 bytes a product, issue 52). Records stored before that hold it too, and read back the same.

/** A shape as the record_shapes table holds it: JSON arrays of the keys and of their usual values. */
export interface ShapeText {
  keys: string;
  template: string;
}

export interface Shape {
  keys: readonly string[];
  /** Each key's usual value, as JSON text: what a record's own value is compared with. */
  templateText: readonly string[];
  /**
   * Each key's usual value, parsed once. A record read takes the primitives as they are and parses
   * an object or list anew from its text, so no two records share one.
   */
  templateValues: readonly unknown[];
  /** A record of the shape's keys, in order, from its values in key order. */
  build: (values: readonly unknown[]) => Record<string, unknown>;
  /** Where the key `id` is in `keys` (-1: none): its value comes from the row, never from the text. */
  idIndex: number;
}

// Six keys a character, in characters JSON never escapes.
const maskDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const digitValue = new Uint8Array(128);
for (let value = 0; value < maskDigits.length; value++) digitValue[maskDigits.charCodeAt(value)] = value;

/** The key list a record belongs to, as the record_shapes table holds it. */
export function shapeKeys(record: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(record));
}

/**
 * A new shape for records that share `keys`: each key's template value is the one most of them
 * hold, so a record usually stores only what makes it itself (ids, names, prices).
 */
export function shapeOf(keys: string, records: readonly Record<string, unknown>[]): ShapeText {
  const names = JSON.parse(keys) as string[];
  const template = names.map((name) => mostCommon(records.map((record) => valueText(record[name]))));
  return { keys, template: `[${template.join(",")}]` };
}

function mostCommon(texts: readonly string[]): string {
  const counts = new Map<string, number>();
  let best = texts[0] ?? "null";
  for (const text of texts) {
    const count = (counts.get(text) ?? 0) + 1;
    counts.set(text, count);
    if (count > (counts.get(best) ?? 0)) best = text;
  }
  return best;
}

/** A shape ready to encode and decode with. */
export function compileShape(text: ShapeText): Shape {
  const keys = JSON.parse(text.keys) as string[];
  const templateValues = JSON.parse(text.template) as unknown[];
  const templateText = templateValues.map(valueText);
  return { keys, templateText, templateValues, build: recordBuilder(keys), idIndex: keys.indexOf("id") };
}

/**
 * An object literal of the keys, made into a function once a shape: V8 then makes each record in its
 * final form at once. Parsing the usual record as JSON for every record read, then setting the values
 * that differ over it, cost twice as much (issue 52: a scanned variant's family decodes up to 13
 * records). Keys are written as JSON strings, which are JavaScript strings too; a literal
 * `"__proto__":` would set the prototype, so a shape with that key is built as JSON.parse builds it.
 */
function recordBuilder(keys: readonly string[]): Shape["build"] {
  if (keys.includes("__proto__"))
    return (values) => Object.fromEntries(keys.map((key, index) => [key, values[index]]));
  const properties = keys.map((key, index) => `${JSON.stringify(key)}:v[${index}]`).join(",");
  return new Function("v", `return {${properties}};`) as Shape["build"];
}

/** The record as its shape stores it: `[mask, ...values that differ from the template]`. */
export function encodeRecord(record: Record<string, unknown>, shape: Shape): string {
  const { keys, templateText, idIndex } = shape;
  let mask = "";
  let digit = 0;
  let values = "";
  for (let index = 0; index < keys.length; index++) {
    const text = index === idIndex ? templateText[index] : valueText(record[keys[index] as string]);
    if (text !== templateText[index]) {
      digit |= 1 << (index % 6);
      values += `,${text}`;
    }
    if (index % 6 === 5 || index === keys.length - 1) {
      mask += maskDigits[digit];
      digit = 0;
    }
  }
  return `["${mask}"${values}]`;
}

/** The record `encodeRecord` stored, deep-equal to the one it was given; `id` is the row's. */
export function decodeRecord(text: string, shape: Shape, id: string): Record<string, unknown> {
  const stored = JSON.parse(text) as unknown[];
  const mask = stored[0] as string;
  const { keys, templateValues, templateText } = shape;
  const values = new Array<unknown>(keys.length);
  let next = 1;
  for (let index = 0; index < keys.length; index++) {
    if (maskHas(mask, index)) values[index] = stored[next++];
    else {
      const usual = templateValues[index];
      values[index] =
        typeof usual === "object" && usual !== null ? JSON.parse(templateText[index] as string) : usual;
    }
  }
  if (shape.idIndex >= 0) values[shape.idIndex] = id;
  return shape.build(values);
}

/**
 * One value of a stored record, read without making the rest of it; undefined for a key it lacks.
 * Never the id: that is the row's.
 */
export function decodeValue(text: string, shape: Shape, key: string): unknown {
  const index = shape.keys.indexOf(key);
  if (index < 0) return undefined;
  // The mask opens the text (`["mask"`): a value the template holds needs no parsing of the rest.
  const mask = text.slice(2, 2 + Math.ceil(shape.keys.length / 6));
  if (!maskHas(mask, index)) return JSON.parse(shape.templateText[index] as string);
  let before = 0;
  for (let earlier = 0; earlier < index; earlier++) if (maskHas(mask, earlier)) before++;
  return (JSON.parse(text) as unknown[])[1 + before];
}

function maskHas(mask: string, index: number): boolean {
  return (((digitValue[mask.charCodeAt((index / 6) | 0)] ?? 0) >> (index % 6)) & 1) === 1;
}

/**
 * JSON text of a value; a key whose value JSON cannot hold (undefined) is written as null. The most
 * common values are answered without JSON.stringify: a record has some 80 of them to compare.
 */
function valueText(value: unknown): string {
  if (value === null) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (Array.isArray(value) && value.length === 0) return "[]";
  return JSON.stringify(value) ?? "null";
}
