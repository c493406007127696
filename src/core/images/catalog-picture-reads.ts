// The products the picture cache plans from, read from the catalog file on a read connection of the
// cache's own (as the sync worker has its own write connection): the live products' versions, and a
// product's `images` only when its version is new to the cache or a full sync may have rewritten it.
import type { Database } from "better-sqlite3";
import { openConnection } from "../catalog/catalog-connection.ts";
import { catalogStateReads } from "../catalog/catalog-state-reads.ts";
import { recordDecoder, type StoredRecord } from "../catalog/stored-records.ts";
import { parseSyncState } from "../sync/sync-state.ts";

export interface CatalogPictureReads {
  /** Every live product's id and version (updated_at as the catalog keeps it). */
  liveVersions(): Map<string, number>;
  /**
   * Each product's `images` as its record holds them (undefined for one that is gone), read in one
   * transaction: a read of its own took a lock and cost five times the read (the plan's profile).
   */
  imagesOf(productIds: readonly string[]): unknown[];
  /** When the catalog's last full sync ended (null before its first): it took every record anew. */
  lastFullSync(): string | null;
  close(): void;
}

export function openCatalogPictureReads(catalogFile: string): CatalogPictureReads {
  const db: Database = openConnection(catalogFile, { readonly: true });
  const versions = db
    .prepare<[], [string, number]>("SELECT id, updated_at FROM products WHERE deleted = 0")
    .raw();
  const record = db.prepare<[string], StoredRecord>(
    "SELECT shape, record FROM products WHERE id = ? AND deleted = 0",
  );
  const decoder = recordDecoder(db);
  const imagesOf = db.transaction((productIds: readonly string[]) =>
    productIds.map((id) => {
      const stored = record.get(id);
      return stored === undefined ? undefined : decoder.value(stored, "images");
    }),
  );
  return {
    liveVersions: () => new Map(versions.all()),
    imagesOf: (productIds) => imagesOf(productIds),
    lastFullSync: () => parseSyncState(catalogStateReads(db).syncState()).lastFullSyncAt,
    close: () => db.close(),
  };
}
