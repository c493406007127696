// Everything that changes a catalog, on the write connection. The statements are prepared once per
// store and run row by row inside one better-sqlite3 transaction: kysely would compile and prepare
// every statement again for each row, and SQLite runs an already prepared statement in a few
// microseconds, so a 1000-product page costs a few thousand cheap calls and no SQL text at all.
// (Multi-row inserts would save little more and need splitting under SQLite's variable limit.)
import type { Database } from "better-sqlite3";
import type { ReceivedProduct, RejectedRecord } from "../products-page.ts";
import { productRow, rowCodes, rowSearchText } from "./catalog-row.ts";

export interface PageInput {
  received: ReceivedProduct[];
  rejected: RejectedRecord[];
  removeReceived: boolean;
  generation: number;
  syncState: unknown;
}

export interface CatalogWrites {
  applyPage(input: PageInput): void;
  finishFullSync(input: { generation: number; syncState: unknown }): { removed: number };
  writeSyncState(syncState: unknown): void;
}

export function catalogWrites(db: Database, clock: () => number): CatalogWrites {
  const statements = prepareStatements(db);

  function saveState(syncState: unknown): void {
    statements.saveState.run(JSON.stringify(syncState) ?? "null");
  }

  function quarantine(record: RejectedRecord): void {
    const raw = JSON.stringify(record.raw) ?? "null";
    // One entry per record: a record rejected again on every sync replaces its earlier entry.
    if (record.id === null) statements.unquarantineRaw.run(raw);
    else statements.unquarantineId.run(record.id);
    statements.quarantine.run(record.id, record.reason, raw, clock());
  }

  function upsert({ product, raw }: ReceivedProduct, removed: boolean, generation: number): void {
    statements.unquarantineId.run(product.id);
    const deleted = removed || product.deleted;
    const existing = statements.existing.get(product.id) as
      | { seq: number; deleted: number; updated_at: number }
      | undefined;
    if (existing !== undefined && !replaces(product.updated_at.unix, deleted, existing)) {
      // Still on the server, so a full sync must not sweep it, even if the copy we hold is newer.
      statements.stamp.run(generation, existing.seq);
      return;
    }
    const { seq } = statements.upsert.get(productRow(product, raw, deleted, generation)) as { seq: number };
    if (existing !== undefined && existing.deleted === 0) {
      statements.deleteCodes.run(seq);
      statements.deleteText.run(seq);
    }
    if (deleted) return;
    const codes = rowCodes(product);
    for (const code of codes) statements.insertCode.run(code.code, seq, code.variantId);
    statements.insertText.run({ seq, ...rowSearchText(product, codes) });
  }

  return {
    applyPage(input) {
      db.transaction(() => {
        // Rejections first, so a valid copy later in the same page clears its own quarantine entry.
        for (const record of input.rejected) quarantine(record);
        for (const received of input.received) upsert(received, input.removeReceived, input.generation);
        saveState(input.syncState);
      }).immediate();
    },
    finishFullSync({ generation, syncState }) {
      return db
        .transaction(() => {
          statements.sweepText.run(generation);
          statements.sweepCodes.run(generation);
          const { changes } = statements.sweepProducts.run(generation);
          saveState(syncState);
          return { removed: changes };
        })
        .immediate();
    },
    writeSyncState(syncState) {
      saveState(syncState);
    },
  };
}

/**
 * Whether an incoming copy replaces the stored one. Pages of the live and deleted streams can arrive
 * in any order, so the newer updated_at wins; on a tie a deletion wins, so a tombstone is never
 * revived by a live copy of the same age.
 */
function replaces(updatedAt: number, deleted: boolean, existing: { deleted: number; updated_at: number }) {
  if (updatedAt !== existing.updated_at) return updatedAt > existing.updated_at;
  return deleted || existing.deleted === 0;
}

function prepareStatements(db: Database) {
  const liveAndUnseen = "SELECT seq FROM products WHERE deleted = 0 AND generation < ?";
  return {
    existing: db.prepare("SELECT seq, deleted, updated_at FROM products WHERE id = ?"),
    upsert: db.prepare(`
      INSERT INTO products (id, type, parent, active, deleted, name_key, custom_id_key, sku_key,
                            updated_at, generation, record)
      VALUES (@id, @type, @parent, @active, @deleted, @name_key, @custom_id_key, @sku_key,
              @updated_at, @generation, @record)
      ON CONFLICT (id) DO UPDATE SET
        type = excluded.type, parent = excluded.parent, active = excluded.active,
        deleted = excluded.deleted, name_key = excluded.name_key, custom_id_key = excluded.custom_id_key,
        sku_key = excluded.sku_key, updated_at = excluded.updated_at, generation = excluded.generation,
        record = excluded.record
      RETURNING seq`),
    stamp: db.prepare("UPDATE products SET generation = ? WHERE seq = ?"),
    deleteCodes: db.prepare("DELETE FROM product_codes WHERE product = ?"),
    insertCode: db.prepare("INSERT INTO product_codes (code, product, variant_id) VALUES (?, ?, ?)"),
    deleteText: db.prepare("DELETE FROM product_text WHERE rowid = ?"),
    insertText: db.prepare(
      "INSERT INTO product_text (rowid, name, ids, codes) VALUES (@seq, @name, @ids, @codes)",
    ),
    sweepText: db.prepare(`DELETE FROM product_text WHERE rowid IN (${liveAndUnseen})`),
    sweepCodes: db.prepare(`DELETE FROM product_codes WHERE product IN (${liveAndUnseen})`),
    sweepProducts: db.prepare("UPDATE products SET deleted = 1 WHERE deleted = 0 AND generation < ?"),
    quarantine: db.prepare(
      "INSERT INTO quarantine (product_id, reason, raw, received_at) VALUES (?, ?, ?, ?)",
    ),
    unquarantineId: db.prepare("DELETE FROM quarantine WHERE product_id = ?"),
    unquarantineRaw: db.prepare("DELETE FROM quarantine WHERE product_id IS NULL AND raw = ?"),
    saveState: db.prepare(
      "INSERT INTO sync_state (only, state) VALUES (1, ?) ON CONFLICT (only) DO UPDATE SET state = excluded.state",
    ),
  };
}
