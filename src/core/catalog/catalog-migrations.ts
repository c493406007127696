// The catalog schema as a numbered list of migrations, the version kept in PRAGMA user_version.
// A shipped migration is frozen: never edit one, append a new one. Each runs in its own transaction,
// so a failure leaves the file at the previous version; a batched one commits as it goes, and is
// finished by the next open when the process dies midway.
import type { Database } from "better-sqlite3";
import { AppError } from "../../shared/app-error.ts";
import { reclaimFreeSpace } from "./free-space-reclaim.ts";
import { numberProductGroups } from "./group-keys-migration.ts";
import { rewriteRecordsByShape } from "./records-by-shape-rewrite.ts";
import { addReferenceTables } from "./reference-tables.ts";
import { rebuildSearchIndex } from "./search-index-rebuild.ts";
import { rebuildSearchWords } from "./search-words-rebuild.ts";
import { addShelfLabelTables } from "./shelf-label-tables.ts";

/** What a migration may need besides the database: the file's path, and where to say what it skipped. */
export interface MigrationContext {
  file: string;
  log: (line: string) => void;
}

export interface Migration {
  version: number;
  up(db: Database, context: MigrationContext): void;
  /**
   * Set when `up` commits batches of its own (a rewrite of every row is too large for one
   * transaction): it must carry on where an interrupted run of itself stopped. The version is
   * raised after it, in a transaction of its own.
   */
  batched?: true;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    up(db) {
      db.exec(`
        -- seq is an explicit INTEGER PRIMARY KEY because the FTS rows point at it: an implicit rowid
        -- may be renumbered by VACUUM. Deleted products stay as tombstones (deleted = 1, their
        -- updated_at) so an older live copy arriving later cannot bring them back. The *_key columns
        -- hold the search form of name, custom_id and sku; record is the JSON as received.
        CREATE TABLE products (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          type TEXT NOT NULL,
          parent TEXT,
          active INTEGER NOT NULL,
          deleted INTEGER NOT NULL,
          name_key TEXT NOT NULL,
          custom_id_key TEXT,
          sku_key TEXT,
          updated_at INTEGER NOT NULL,
          generation INTEGER NOT NULL,
          record TEXT NOT NULL
        ) STRICT;
        CREATE INDEX products_parent ON products (parent) WHERE deleted = 0 AND parent IS NOT NULL;
        CREATE INDEX products_generation ON products (generation) WHERE deleted = 0;
        CREATE INDEX products_active ON products (active) WHERE deleted = 0;
        CREATE INDEX products_name_key ON products (name_key) WHERE deleted = 0;
        CREATE INDEX products_custom_id_key ON products (custom_id_key) WHERE deleted = 0;
        CREATE INDEX products_sku_key ON products (sku_key) WHERE deleted = 0;

        -- Every code of a live product under its catalogKey. variant_id names the child a parent's
        -- children summary lists the code for; null means the product itself.
        CREATE TABLE product_codes (
          code TEXT NOT NULL,
          product INTEGER NOT NULL REFERENCES products (seq) ON DELETE CASCADE,
          variant_id TEXT
        ) STRICT;
        CREATE INDEX product_codes_code ON product_codes (code);
        CREATE INDEX product_codes_product ON product_codes (product);

        -- Search text of live products, rowid = products.seq. Contentless: the text is only ever
        -- matched, never read back, so it is not stored twice.
        CREATE VIRTUAL TABLE product_text USING fts5 (
          name, ids, codes,
          content = '', contentless_delete = 1,
          tokenize = 'trigram remove_diacritics 1 case_sensitive 0'
        );

        CREATE TABLE quarantine (
          seq INTEGER PRIMARY KEY,
          product_id TEXT,
          reason TEXT NOT NULL,
          raw TEXT NOT NULL,
          received_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX quarantine_product_id ON quarantine (product_id);

        -- The sync engine's position, opaque JSON; one row, written in the same transaction as a page.
        CREATE TABLE sync_state (
          only INTEGER PRIMARY KEY CHECK (only = 1),
          state TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    // The search form learnt the letters without accents (ø, ł, ß, æ...): keys and full-text rows
    // written before spelt them differently. Rebuilt from the stored records, with the form in force.
    version: 2,
    up: rebuildSearchIndex,
  },
  {
    // Each row says which codes product_codes holds for it, so an update can tell that its codes
    // did not change without reading them back (half the page reads of an incremental sync). Rows
    // written before stay null and are compared the old way until they change.
    version: 3,
    up: (db) => db.exec("ALTER TABLE products ADD COLUMN codes_key TEXT"),
  },
  {
    // Records stored by shape (record-shape.ts): the keys and usual values of each key list once,
    // each record only what differs. shape is null on a row holding its record as received.
    version: 4,
    up: (db) =>
      db.exec(`
        CREATE TABLE record_shapes (
          id INTEGER PRIMARY KEY,
          keys TEXT NOT NULL UNIQUE,
          template TEXT NOT NULL
        ) STRICT;
        ALTER TABLE products ADD COLUMN shape INTEGER;
      `),
  },
  {
    // The records written before version 4, rewritten by shape, then the space they left given back.
    version: 5,
    batched: true,
    up(db, context) {
      if (rewriteRecordsByShape(db) > 0) reclaimFreeSpace(db, context);
    },
  },
  {
    // Products held with parts the catalog cannot use (product-reading.ts): which parts, and the
    // record as the service sent it, while the products row holds what the catalog reads of it. And
    // the account's branches as the service lists them (BranchInfo as JSON), replaced by every sync.
    version: 6,
    up: (db) =>
      db.exec(`
        CREATE TABLE unusable_parts (
          product_id TEXT PRIMARY KEY,
          parts TEXT NOT NULL,
          raw TEXT NOT NULL
        ) STRICT;
        CREATE TABLE branches (
          id TEXT PRIMARY KEY,
          info TEXT NOT NULL
        ) STRICT;
      `),
  },
  {
    // Search forgives typos and reads the brand, keywords and tags: the full-text index made again
    // with a column for them, and the catalog's words kept with their forms for typos.
    version: 7,
    up: rebuildSearchWords,
  },
  {
    // Favourite sets, product groups and taxes beside the products, and each product's group as a
    // column for the counter keys' group pages (reference-tables.ts).
    version: 8,
    up: addReferenceTables,
  },
  {
    // Each product's group by number: the index of the group pages without the group's and the
    // product's ids in every entry (group-keys-migration.ts).
    version: 9,
    up: numberProductGroups,
  },
  {
    // The shelf labels to print: what a label read before a sync changed its product, and what was
    // printed per branch (shelf-label-tables.ts). Empty until a sync changes something.
    version: 10,
    up: addShelfLabelTables,
  },
  {
    // The inactive products alone in the index the status counts them from (a few in a hundred): the
    // live ones are counted from products_generation: an index of a few rows instead of every live one.
    version: 11,
    up: (db) =>
      db.exec(`
        DROP INDEX IF EXISTS products_active;
        CREATE INDEX IF NOT EXISTS products_inactive ON products (active) WHERE deleted = 0 AND active = 0;
      `),
  },
];

/** Brings the file at `file` up to the newest migration in `list`; refuses a file from a newer app. */
export function migrate(
  db: Database,
  file: string,
  list: readonly Migration[] = migrations,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  const newest = list.at(-1)?.version ?? 0;
  if (current > newest) {
    throw new AppError(
      "storage",
      `This catalog was written by a newer version of the app. Update the app, or delete ${file} to download the catalog again.`,
    );
  }
  const context = { file, log };
  for (const migration of list) {
    if (migration.version <= current) continue;
    if (migration.batched) migration.up(db, context);
    db.transaction(() => {
      // Another process may have created the catalog between the read above and this write lock.
      if ((db.pragma("user_version", { simple: true }) as number) >= migration.version) return;
      if (!migration.batched) migration.up(db, context);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
