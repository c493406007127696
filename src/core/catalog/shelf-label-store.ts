// The shelf's side of the catalog file. Before a sync stores a page, the label each changed product
// read until then is kept (only the first time: that is what hangs on the shelf until it is
// printed); a product new since the first sync is kept as having no label. A product carrying offers
// is kept as it arrived, since its price changes without a sync. Printing keeps each label's face
// for the till's branch. Nothing here runs on the lookup path.
import type { Database } from "better-sqlite3";
import type { Product } from "../../shared/api/product.ts";
import type { LabelFace } from "../../shared/catalog/shelf-labels.ts";
import type { PageInput } from "./catalog-writes.ts";
import { type RecordDecoder, recordDecoder } from "./stored-records.ts";

export interface ShelfLabelWrites {
  /**
   * Before `inputs` are stored. `baseline`: the catalog's first sync, whose products hang on the
   * shelf as they arrive (only their offers are noted).
   */
  noteChanges(inputs: readonly PageInput[], baseline: boolean): void;
  markPrinted(branch: string, faces: readonly LabelFace[], at: number): void;
}

/** A product's label-relevant record as a sync first changed it; record null: it had no label. */
export interface SeenLabel {
  record: Product | null;
  at: number;
}

export interface ShelfLabelReads {
  /** The products whose label may read differently from the shelf's at this branch. */
  candidates(branch: string): string[];
  printed(branch: string, ids: readonly string[]): Map<string, LabelFace>;
  seen(ids: readonly string[]): Map<string, SeenLabel>;
  /** Every live product but variant parents (a label per sellable article), by name. */
  liveIds(): string[];
}

/** The fields of a record a label reads: kept instead of the whole record. */
const labelKeys = [
  "id",
  "name",
  "type",
  "parent",
  "barcode",
  "barcodes",
  "codes",
  "sku",
  "prices",
  "linked_products",
  "attributes",
] as const;

export function labelRecord(product: Product): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of labelKeys) if (product[key] !== undefined) kept[key] = product[key];
  const content = (product.custom_properties as Record<string, unknown> | null | undefined)?.content;
  if (content !== undefined) kept.custom_properties = { content };
  return kept;
}

function hasOffers(product: Product): boolean {
  const offers = product.prices?.time_based_prices;
  return Array.isArray(offers) && offers.length > 0;
}

export function shelfLabelWrites(db: Database, clock: () => number): ShelfLabelWrites {
  const decode: RecordDecoder = recordDecoder(db);
  // The record is read only for a product that changed: most of a full sync's products did not.
  const held = db.prepare<[string], { updated_at: number; deleted: number }>(
    "SELECT updated_at, deleted FROM products WHERE id = ?",
  );
  const heldRecord = db.prepare<[string], { id: string; record: string; shape: number | null }>(
    "SELECT id, record, shape FROM products WHERE id = ?",
  );
  const known = db.prepare<[string], { one: number }>("SELECT 1 AS one FROM shelf_seen WHERE product_id = ?");
  const keep = db.prepare("INSERT OR IGNORE INTO shelf_seen (product_id, record, seen_at) VALUES (?, ?, ?)");
  const print = db.prepare(
    "INSERT OR REPLACE INTO shelf_printed (branch, product_id, face, printed_at) VALUES (?, ?, ?, ?)",
  );

  /** What to keep of the product as the shelf shows it; undefined when nothing. */
  function shelfCopy(product: Product, baseline: boolean): string | null | undefined {
    const offers = hasOffers(product);
    const current = () => JSON.stringify(labelRecord(product));
    if (baseline) return offers ? current() : undefined;
    const row = held.get(product.id);
    if (row === undefined || row.deleted === 1) return null;
    const before = row.updated_at < product.updated_at.unix ? heldRecord.get(product.id) : undefined;
    if (before !== undefined) return JSON.stringify(labelRecord(decode.product(before)));
    return offers ? current() : undefined;
  }

  return {
    noteChanges(inputs, baseline) {
      const now = clock();
      const kept: [string, string | null][] = [];
      for (const input of inputs) {
        // Deleted products leave the shelf: nothing to print for them.
        if (input.removeReceived) continue;
        for (const { product } of input.received) {
          // Kept already: the shelf still shows that copy until its label is printed.
          if (product.deleted || known.get(product.id) !== undefined) continue;
          const copy = shelfCopy(product, baseline);
          if (copy !== undefined) kept.push([product.id, copy]);
        }
      }
      // Reads only, for a sync that changed nothing a label shows: no commit of its own.
      if (kept.length === 0) return;
      db.transaction(() => {
        for (const [id, copy] of kept) keep.run(id, copy, now);
      }).immediate();
    },
    markPrinted(branch, faces, at) {
      db.transaction(() => {
        for (const face of faces) print.run(branch, face.productId, JSON.stringify(face), at);
      }).immediate();
    },
  };
}

export function shelfLabelReads(db: Database): ShelfLabelReads {
  const candidates = db.prepare<[string], { product_id: string }>(
    "SELECT product_id FROM shelf_seen UNION SELECT product_id FROM shelf_printed WHERE branch = ?",
  );
  const printed = db.prepare<[string, string], { face: string }>(
    "SELECT face FROM shelf_printed WHERE branch = ? AND product_id = ?",
  );
  const seen = db.prepare<[string], { record: string | null; seen_at: number }>(
    "SELECT record, seen_at FROM shelf_seen WHERE product_id = ?",
  );
  const live = db.prepare<[], { id: string }>(
    "SELECT id FROM products WHERE deleted = 0 AND type <> 'variant_product' ORDER BY name_key, id",
  );
  return {
    candidates: (branch) => candidates.all(branch).map((row) => row.product_id),
    printed(branch, ids) {
      const faces = new Map<string, LabelFace>();
      for (const id of ids) {
        const row = printed.get(branch, id);
        if (row !== undefined) faces.set(id, JSON.parse(row.face) as LabelFace);
      }
      return faces;
    },
    seen(ids) {
      const found = new Map<string, SeenLabel>();
      for (const id of ids) {
        const row = seen.get(id);
        if (row !== undefined)
          found.set(id, {
            record: row.record === null ? null : (JSON.parse(row.record) as Product),
            at: row.seen_at,
          });
      }
      return found;
    },
    liveIds: () => live.all().map((row) => row.id),
  };
}
