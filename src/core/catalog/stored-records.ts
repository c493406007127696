// Product records on their way into and out of the products table. A record is stored by its shape
// (record-shape.ts): `shape` names its row in record_shapes and `record` holds what differs from the
// shape's usual values. A row whose shape is null holds the record as received, as JSON text: rows
// written before the shapes existed (until the migration has rewritten them), and records of a
// catalog that already holds as many shapes as it may.
import type { Database } from "better-sqlite3";
import type { Product } from "../../shared/api/product.ts";
import {
  compileShape,
  decodeRecord,
  decodeValue,
  encodeRecord,
  type Shape,
  type ShapeText,
  shapeKeys,
  shapeOf,
} from "./record-shape.ts";

/** A record as a products row holds it. */
export interface StoredRecord {
  shape: number | null;
  record: string;
}

/** A stored record with its row's id, which the record by its shape does not hold (record-shape.ts). */
export interface IdentifiedRecord extends StoredRecord {
  id: string;
}

/**
 * A service sends records of one or a few key lists. An upstream sending a new one with every record
 * would otherwise grow a shape per record, each as large as the record: past this many, records are
 * stored as received.
 */
export const maxShapes = 1000;

/**
 * Encodes the records of one write, on the write connection, inside its transaction: a shape it adds
 * is rolled back with it, so shapes are looked up in the table for every write, never only in memory.
 */
export function recordEncoder(db: Database): (records: readonly Record<string, unknown>[]) => StoredRecord[] {
  const find = db.prepare<[string], { id: number; template: string }>(
    "SELECT id, template FROM record_shapes WHERE keys = ?",
  );
  const count = db.prepare<[], number>("SELECT count(*) FROM record_shapes").pluck();
  const insert = db.prepare<[string, string], { id: number }>(
    "INSERT INTO record_shapes (keys, template) VALUES (?, ?) RETURNING id",
  );
  // Compiled shapes by id, valid while the table holds the same template under that id.
  const compiled = new Map<number, { template: string; shape: Shape }>();

  function shapeFor(keys: string, records: Record<string, unknown>[]): { id: number; shape: Shape } | null {
    let row = find.get(keys);
    if (row === undefined) {
      if ((count.get() ?? 0) >= maxShapes) return null;
      const made = shapeOf(keys, records);
      row = { id: (insert.get(made.keys, made.template) as { id: number }).id, template: made.template };
    }
    let known = compiled.get(row.id);
    if (known?.template !== row.template) {
      known = { template: row.template, shape: compileShape({ keys, template: row.template }) };
      compiled.set(row.id, known);
    }
    return { id: row.id, shape: known.shape };
  }

  return (records) => {
    const groups = new Map<string, number[]>();
    records.forEach((record, index) => {
      const keys = shapeKeys(record);
      const group = groups.get(keys);
      if (group === undefined) groups.set(keys, [index]);
      else group.push(index);
    });
    const stored: StoredRecord[] = new Array(records.length);
    for (const [keys, indexes] of groups) {
      const members = indexes.map((index) => records[index] as Record<string, unknown>);
      const found = shapeFor(keys, members);
      for (const index of indexes) {
        const record = records[index] as Record<string, unknown>;
        stored[index] =
          found === null
            ? { shape: null, record: JSON.stringify(record) }
            : { shape: found.id, record: encodeRecord(record, found.shape) };
      }
    }
    return stored;
  };
}

export interface RecordDecoder {
  product(row: IdentifiedRecord): Product;
  /** One top-level value of the record, without making the rest of it. */
  value(row: StoredRecord, key: string): unknown;
}

/**
 * Reads stored records back, on any connection. A shape never changes once committed, and a reader
 * only sees rows whose shape is committed, so compiled shapes are kept for the connection's life.
 */
export function recordDecoder(db: Database): RecordDecoder {
  const read = db.prepare<[number], ShapeText>("SELECT keys, template FROM record_shapes WHERE id = ?");
  const shapes = new Map<number, Shape>();
  function shapeOfRow(id: number): Shape {
    let compiled = shapes.get(id);
    if (compiled === undefined) {
      const text = read.get(id);
      // Only a damaged file loses a shape: said the way SQLite says it, so the file gets checked.
      if (text === undefined)
        throw Object.assign(new Error(`record shape ${id} is missing`), { code: "SQLITE_CORRUPT" });
      compiled = compileShape(text);
      shapes.set(id, compiled);
    }
    return compiled;
  }
  return {
    // Records were validated against the product schema before they were stored.
    product: ({ shape, record, id }) =>
      (shape === null ? JSON.parse(record) : decodeRecord(record, shapeOfRow(shape), id)) as Product,
    value: ({ shape, record }, key) =>
      shape === null
        ? (JSON.parse(record) as Record<string, unknown>)[key]
        : decodeValue(record, shapeOfRow(shape), key),
  };
}
