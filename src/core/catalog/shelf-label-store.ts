// The shelf's side of the catalog file. Before a sync stores a page, the label each changed product
// read until then is kept (only the first time: that is what hangs on the shelf until it is
// printed); a product new since the first sync is kept as having no label. A product carrying offers
// is noted as it arrived, since its price changes without a sync: by an empty record standing for
// the catalog's own (a copy of a fifth of the catalog's records cost 50 B a product), swapped for the
// record before the change when a sync changes it. Printing keeps each label's face for the till's
// branch. Nothing here runs on the lookup path.
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
/** A kept record standing for the product as the catalog holds it (it has not changed since). */
const asArrived = "";

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
  const known = db.prepare<[string], { record: string | null }>(
    "SELECT record FROM shelf_seen WHERE product_id = ?",
  );
  const keep = db.prepare("INSERT OR IGNORE INTO shelf_seen (product_id, record, seen_at) VALUES (?, ?, ?)");
  const settle = db.prepare("UPDATE shelf_seen SET record = ? WHERE product_id = ? AND record = ''");
  const print = db.prepare(
    "INSERT OR REPLACE INTO shelf_printed (branch, product_id, face, printed_at) VALUES (?, ?, ?, ?)",
  );

  /** The label's part of the record the catalog holds, when `product` changes it; else undefined. */
  function before(product: Product): string | undefined {
    const row = held.get(product.id);
    if (row === undefined || row.deleted === 1 || row.updated_at >= product.updated_at.unix) return undefined;
    const stored = heldRecord.get(product.id);
    return stored === undefined ? undefined : JSON.stringify(labelRecord(decode.product(stored)));
  }

  /** What to keep of the product as the shelf shows it; undefined when nothing. */
  function shelfCopy(product: Product, baseline: boolean): string | null | undefined {
    const offers = hasOffers(product) ? asArrived : undefined;
    if (baseline) return offers;
    const row = held.get(product.id);
    if (row === undefined || row.deleted === 1) return null;
    return before(product) ?? offers;
  }

  return {
    noteChanges(inputs, baseline) {
      const now = clock();
      const kept: [string, string | null][] = [];
      const settled: [string, string][] = [];
      for (const input of inputs) {
        // Deleted products leave the shelf: nothing to print for them.
        if (input.removeReceived) continue;
        for (const { product } of input.received) {
          if (product.deleted) continue;
          const shown = known.get(product.id);
          if (shown === undefined) {
            const copy = shelfCopy(product, baseline);
            if (copy !== undefined) kept.push([product.id, copy]);
            continue;
          }
          // Kept already: the shelf still shows that copy until its label is printed; one noted as
          // it arrived becomes the record this sync changes.
          const changed = shown.record === asArrived ? before(product) : undefined;
          if (changed !== undefined) settled.push([changed, product.id]);
        }
      }
      // Reads only, for a sync that changed nothing a label shows: no commit of its own.
      if (kept.length === 0 && settled.length === 0) return;
      db.transaction(() => {
        for (const [id, copy] of kept) keep.run(id, copy, now);
        for (const [copy, id] of settled) settle.run(copy, id);
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
  const decode: RecordDecoder = recordDecoder(db);
  const seen = db.prepare<[string], { record: string | null; seen_at: number }>(
    "SELECT record, seen_at FROM shelf_seen WHERE product_id = ?",
  );
  const current = db.prepare<[string], { id: string; record: string; shape: number | null }>(
    "SELECT id, record, shape FROM products WHERE id = ? AND deleted = 0",
  );
  /** The kept record: none (no label yet), the catalog's own (as it arrived), or the copy kept. */
  const recordOf = (id: string, kept: string | null): Product | null | undefined => {
    if (kept === null) return null;
    if (kept !== asArrived) return JSON.parse(kept) as Product;
    const row = current.get(id);
    return row === undefined ? undefined : decode.product(row);
  };
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
        if (row === undefined) continue;
        const record = recordOf(id, row.record);
        if (record !== undefined) found.set(id, { record, at: row.seen_at });
      }
      return found;
    },
    liveIds: () => live.all().map((row) => row.id),
  };
}
