// Everything that changes a catalog, on the write connection. The statements are prepared once per
// store and run row by row inside one better-sqlite3 transaction: kysely would compile and prepare
// every statement again for each row, and SQLite runs an already prepared statement in a few
// microseconds, so a 1000-product page costs a few thousand cheap calls and no SQL text at all.
// (Multi-row inserts would save little more and need splitting under SQLite's variable limit.)
import type { Database } from "better-sqlite3";
import type { BranchInfo } from "../../shared/api/branch.ts";
import type { ReceivedProduct, RejectedRecord } from "../products-page.ts";
import {
  codesKey,
  type ProductRow,
  productRow,
  type RowCode,
  rowCodes,
  rowSearchText,
} from "./catalog-row.ts";
import type { CatalogTables } from "./catalog-tables.ts";
import { type GroupKeyOf, groupKeyWriter } from "./group-keys.ts";
import { readmitQuarantined } from "./quarantine-readmission.ts";
import { searchWordsWriter } from "./search-words.ts";
import { searchWordsSweep } from "./search-words-sweep.ts";
import { recordEncoder, type StoredRecord } from "./stored-records.ts";

export interface PageInput {
  received: ReceivedProduct[];
  rejected: RejectedRecord[];
  removeReceived: boolean;
  generation: number;
  syncState: unknown;
  /**
   * The service's clock at this page plus the tolerated drift: a stored copy dated after it was
   * dated in the future by an upstream that lied, and any copy the service sends now replaces it.
   */
  trustedUntilMs?: number;
}

export interface CatalogWrites {
  /** Pages in order in one transaction, each saving its own checkpoint. */
  applyPages(inputs: readonly PageInput[]): void;
  finishFullSync(input: { generation: number; syncState: unknown }): { removed: number };
  writeSyncState(syncState: unknown): void;
  saveBranches(branches: readonly BranchInfo[]): void;
  /** Moves pages from the file's end into its free ones and cuts the file there (auto_vacuum). */
  giveBackFreePages(): void;
}

export function catalogWrites(db: Database, clock: () => number): CatalogWrites {
  const statements = prepareStatements(db);
  const encode = recordEncoder(db);
  const words = searchWordsWriter(db);
  const wordsSweep = searchWordsSweep(db);
  const groupKeys = groupKeyWriter(db);
  /** Set for each write transaction (group-keys.ts). */
  let groupKeyOf: GroupKeyOf = groupKeys();

  /** Before a write's transaction ends: the words its removed texts left behind go, and are written again when met. */
  function sweepWords(): void {
    words.forget(wordsSweep.sweep());
  }

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

  /** Which parts of the product the catalog could not use, and its record as received; or none. */
  function noteUnusable({ product, raw, unusable }: ReceivedProduct, anyNoted: boolean): void {
    if (unusable.length > 0)
      statements.noteUnusable.run(product.id, JSON.stringify(unusable), JSON.stringify(raw));
    else if (anyNoted) statements.clearUnusable.run(product.id);
  }

  /** Whether the received copy was written (else the one held is newer, and stays). */
  function upsert(
    { product }: ReceivedProduct,
    stored: StoredRecord,
    input: PageInput,
    quarantined: boolean,
  ): boolean {
    const { generation } = input;
    if (quarantined) statements.unquarantineId.run(product.id);
    const row = productRow(product, input.removeReceived || product.deleted, generation);
    const group_key = groupKeyOf(row.group_id);
    const existing = statements.existing.get(row.id) as Existing | undefined;
    const trusted =
      existing !== undefined && existing.updated_at <= (input.trustedUntilMs ?? Number.POSITIVE_INFINITY);
    if (trusted && !replaces(row, existing, () => isSameRecord(existing.seq, stored))) {
      // Still on the server, so a full sync must not sweep it, even when the copy we hold is newer.
      statements.stamp.run(generation, existing.seq);
      return false;
    }
    const codes = row.deleted === 1 ? [] : rowCodes(product);
    const key = codesKey(codes);
    const written = { ...row, ...stored, codes_key: row.deleted === 1 ? null : key, group_key };
    let seq: number;
    if (existing === undefined) {
      seq = Number(statements.insert.run(written).lastInsertRowid);
    } else {
      seq = existing.seq;
      // Most changes (prices, stock, texts) leave every indexed column as it was: then only the row
      // is rewritten, not the entries of its indexes.
      if (sameIndexedColumns(existing, row, group_key)) statements.refresh.run({ ...written, seq });
      else statements.update.run({ ...written, seq });
      // Most changes are prices and stock: the codes and search text stay as they were, and
      // rewriting the full-text index for them was most of the cost of an incremental sync.
      if (row.deleted === 0 && searchedAlike(existing, row, key, codes)) return true;
      if (existing.deleted === 0) {
        statements.deleteCodes.run(seq);
        statements.deleteText.run(seq);
        wordsSweep.note([existing.name_key, existing.more_key]);
      }
    }
    if (row.deleted === 1) return true;
    for (const code of codes) statements.insertCode.run(code.code, seq, code.variantId);
    statements.insertText.run({ seq, ...rowSearchText(row, codes) });
    words.record([row.name_key, row.more_key ?? ""]);
    return true;
  }

  /** A live stored copy whose codes and search text (name, ids, codes, brand and so on) are the new ones. */
  function searchedAlike(existing: Existing, row: ProductRow, key: string, codes: RowCode[]): boolean {
    if (existing.deleted === 1) return false;
    const { name_key, custom_id_key, sku_key, more_key } = existing;
    if (name_key !== row.name_key || custom_id_key !== row.custom_id_key || sku_key !== row.sku_key)
      return false;
    if (more_key !== row.more_key) return false;
    if (existing.codes_key !== null) return existing.codes_key === key;
    // A row from before the catalog kept codes_key: its codes are read back.
    const stored = statements.codesOf.all(existing.seq) as { code: string; variant_id: string | null }[];
    return (
      stored.length === codes.length &&
      stored.every(
        (code, index) => code.code === codes[index]?.code && code.variant_id === codes[index]?.variantId,
      )
    );
  }

  /** Encoded by the same shape, equal records are equal texts. */
  function isSameRecord(seq: number, { record, shape }: StoredRecord): boolean {
    return (statements.sameRecord.get(record, shape, seq) as { same: number }).same === 1;
  }

  // The first page this process writes takes back what an older version set aside (then only).
  let readmitted = false;

  function applyPage(input: PageInput): void {
    const received = readmitted ? input.received : [...readmitQuarantined(db), ...input.received];
    readmitted = true;
    // Rejections first, so a valid copy later in the same page clears its own quarantine entry.
    for (const record of input.rejected) quarantine(record);
    // Almost always empty: then no product needs its quarantine entry looked for.
    const quarantined = statements.anyQuarantined.get() !== undefined;
    const anyNoted = statements.anyUnusable.get() !== undefined;
    // What the catalog reads of each product: the record itself, unless parts of it were unusable.
    const stored = encode(received.map((item) => item.product));
    received.forEach((item, index) => {
      if (upsert(item, stored[index] as StoredRecord, input, quarantined)) noteUnusable(item, anyNoted);
    });
    saveState(input.syncState);
  }

  return {
    applyPages(inputs) {
      db.transaction(() => {
        groupKeyOf = groupKeys();
        for (const input of inputs) applyPage(input);
        sweepWords();
      }).immediate();
    },
    finishFullSync({ generation, syncState }) {
      return db
        .transaction(() => {
          wordsSweep.note(
            statements.unseenTexts.all(generation).flatMap((row) => [row.name_key, row.more_key]),
          );
          statements.sweepText.run(generation);
          statements.sweepCodes.run(generation);
          const { changes } = statements.sweepProducts.run(generation);
          sweepWords();
          saveState(syncState);
          return { removed: changes };
        })
        .immediate();
    },
    writeSyncState(syncState) {
      saveState(syncState);
    },
    giveBackFreePages() {
      db.pragma("incremental_vacuum");
    },
    saveBranches(branches) {
      db.transaction(() => {
        statements.clearBranches.run();
        for (const branch of branches) statements.saveBranch.run(branch.id, JSON.stringify(branch));
      }).immediate();
    },
  };
}

/** The stored row's columns an upsert compares: the indexed ones and updated_at. */
type Existing = Pick<
  CatalogTables["products"],
  | "seq"
  | "parent"
  | "active"
  | "deleted"
  | "generation"
  | "updated_at"
  | "name_key"
  | "custom_id_key"
  | "sku_key"
  | "codes_key"
  | "more_key"
  | "group_key"
>;

function sameIndexedColumns(existing: Existing, row: ProductRow, groupKey: number | null): boolean {
  return (
    existing.parent === row.parent &&
    existing.active === row.active &&
    existing.deleted === row.deleted &&
    existing.generation === row.generation &&
    existing.name_key === row.name_key &&
    existing.custom_id_key === row.custom_id_key &&
    existing.sku_key === row.sku_key &&
    existing.group_key === groupKey
  );
}

/**
 * Whether an incoming copy replaces the stored one. Pages of the live and deleted streams can arrive
 * in any order, so the newer updated_at wins. On a tie a deletion wins, so a tombstone is never
 * revived by a live copy of the same age; two different edits in the same millisecond keep the one
 * received last; an identical copy (every full sync) is not written again. The records are compared
 * only on a tie, so a new product never sends its whole record to SQLite twice.
 */
function replaces(row: ProductRow, existing: Existing, sameRecord: () => boolean): boolean {
  if (row.updated_at !== existing.updated_at) return row.updated_at > existing.updated_at;
  if (existing.deleted === 1) return row.deleted === 1 && !sameRecord();
  return row.deleted === 1 || !sameRecord();
}

function prepareStatements(db: Database) {
  const liveAndUnseen = "SELECT seq FROM products WHERE deleted = 0 AND generation < ?";
  return {
    existing: db.prepare(
      "SELECT seq, parent, active, deleted, generation, updated_at, name_key, custom_id_key, sku_key, codes_key, more_key, group_key FROM products WHERE id = ?",
    ),
    codesOf: db.prepare("SELECT code, variant_id FROM product_codes WHERE product = ? ORDER BY rowid"),
    sameRecord: db.prepare("SELECT record = ? AND shape IS ? AS same FROM products WHERE seq = ?"),
    anyQuarantined: db.prepare("SELECT 1 FROM quarantine LIMIT 1"),
    insert: db.prepare(`
      INSERT INTO products (id, type, parent, active, deleted, name_key, custom_id_key, sku_key,
                            updated_at, generation, record, shape, codes_key, more_key, group_key)
      VALUES (@id, @type, @parent, @active, @deleted, @name_key, @custom_id_key, @sku_key,
              @updated_at, @generation, @record, @shape, @codes_key, @more_key, @group_key)`),
    update: db.prepare(`
      UPDATE products SET type = @type, parent = @parent, active = @active, deleted = @deleted,
        name_key = @name_key, custom_id_key = @custom_id_key, sku_key = @sku_key,
        updated_at = @updated_at, generation = @generation, record = @record, shape = @shape,
        codes_key = @codes_key, more_key = @more_key, group_key = @group_key
      WHERE seq = @seq`),
    // Columns in no index only: SQLite leaves every index alone.
    refresh: db.prepare(
      "UPDATE products SET type = @type, updated_at = @updated_at, record = @record, shape = @shape, codes_key = @codes_key, more_key = @more_key WHERE seq = @seq",
    ),
    stamp: db.prepare("UPDATE products SET generation = ? WHERE seq = ?"),
    deleteCodes: db.prepare("DELETE FROM product_codes WHERE product = ?"),
    insertCode: db.prepare("INSERT INTO product_codes (code, product, variant_id) VALUES (?, ?, ?)"),
    deleteText: db.prepare("DELETE FROM product_text WHERE rowid = ?"),
    insertText: db.prepare(
      "INSERT INTO product_text (rowid, name, ids, codes, more) VALUES (@seq, @name, @ids, @codes, @more)",
    ),
    unseenTexts: db.prepare<[number], Pick<Existing, "name_key" | "more_key">>(
      "SELECT name_key, more_key FROM products WHERE deleted = 0 AND generation < ?",
    ),
    sweepText: db.prepare(`DELETE FROM product_text WHERE rowid IN (${liveAndUnseen})`),
    sweepCodes: db.prepare(`DELETE FROM product_codes WHERE product IN (${liveAndUnseen})`),
    // Rows, not tombstones: the service sent no deletion with a time that should win a tie, so a
    // product it lists again (even unchanged, after a list that came back short) must come back.
    sweepProducts: db.prepare("DELETE FROM products WHERE deleted = 0 AND generation < ?"),
    quarantine: db.prepare(
      "INSERT INTO quarantine (product_id, reason, raw, received_at) VALUES (?, ?, ?, ?)",
    ),
    unquarantineId: db.prepare("DELETE FROM quarantine WHERE product_id = ?"),
    unquarantineRaw: db.prepare("DELETE FROM quarantine WHERE product_id IS NULL AND raw = ?"),
    anyUnusable: db.prepare("SELECT 1 FROM unusable_parts LIMIT 1"),
    clearBranches: db.prepare("DELETE FROM branches"),
    // A list naming one id twice keeps its last entry.
    saveBranch: db.prepare("INSERT OR REPLACE INTO branches (id, info) VALUES (?, ?)"),
    noteUnusable: db.prepare(
      "INSERT INTO unusable_parts (product_id, parts, raw) VALUES (?, ?, ?) ON CONFLICT (product_id) DO UPDATE SET parts = excluded.parts, raw = excluded.raw",
    ),
    clearUnusable: db.prepare("DELETE FROM unusable_parts WHERE product_id = ?"),
    saveState: db.prepare(
      "INSERT INTO sync_state (only, state) VALUES (1, ?) ON CONFLICT (only) DO UPDATE SET state = excluded.state",
    ),
  };
}
