// The local catalog of one account: a SQLite file answering lookups and searches with or without a
// connection. Two connections: the sync writes on one while lookups and searches read the last
// committed state on the other (WAL), so selling never waits for a sync.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Database } from "better-sqlite3";
import type { BranchInfo } from "../../shared/api/branch.ts";
import type { Product } from "../../shared/api/product.ts";
import type { ReferenceKind } from "../../shared/api/reference-data.ts";
import { isAppError } from "../../shared/app-error.ts";
import type { BranchCount } from "../../shared/catalog/branch-count.ts";
import type { StoredFamily, StoredMatch } from "../../shared/catalog/lookup-answer.ts";
import type { SearchHit } from "../../shared/catalog/search-hit.ts";
import type { LabelFace } from "../../shared/catalog/shelf-labels.ts";
import { makeDirectory } from "../storage/make-directory.ts";
import { readOnlyError, storageError, writable } from "../storage/storage-errors.ts";
import { branchList, catalogBranches } from "./catalog-branches.ts";
import { openConnection } from "./catalog-connection.ts";
import { integrityProblem } from "./catalog-health.ts";
import { catalogLookup } from "./catalog-lookup.ts";
import { migrate } from "./catalog-migrations.ts";
import type { CatalogSearch } from "./catalog-search.ts";
import { type CatalogCounts, catalogStateReads } from "./catalog-state-reads.ts";
import type { CatalogWrites, PageInput } from "./catalog-writes.ts";
import { type ReferenceReads, referenceReads, type StoreReferenceReads } from "./reference-reads.ts";
import type { KeptReference, ReferenceWrites } from "./reference-writes.ts";
import type { ShelfLabelReads, ShelfLabelWrites } from "./shelf-label-store.ts";
import { recordDecoder } from "./stored-records.ts";
import { type ProductWithUnusableParts, unusablePartsList } from "./unusable-parts-list.ts";

export interface CatalogStore {
  /**
   * One transaction: the page's products upserted (removeReceived false) or removed from lookup and
   * search (removeReceived true, the deleted-products stream), rejected records quarantined, and
   * syncState saved. A crash leaves either all of it or none.
   */
  applyPage(input: PageInput): Promise<void>;
  /**
   * Several pages in one transaction, in order, each saving its own syncState: the commit writes
   * the index pages they share once (sync/page-batches.ts). A crash leaves all of them or none.
   */
  applyPages(inputs: readonly PageInput[]): Promise<void>;
  /** After a full sync walked everything: remove every live product not stamped with `generation`. */
  finishFullSync(input: { generation: number; syncState: unknown }): Promise<{ removed: number }>;
  /** Live products stamped with `generation`: what the full sync in progress has seen. */
  countSeen(generation: number): Promise<number>;
  /** null when never written; the sync engine parses it. */
  readSyncState(): Promise<unknown>;
  writeSyncState(syncState: unknown): Promise<void>;
  lookupCode(code: string): Promise<StoredMatch | null>;
  /** A product whose SKU, else custom id, is the text (exact, case-insensitive). */
  lookupIdentifier(text: string): Promise<StoredMatch | null>;
  /** A live product by id, with its parent and variants. */
  productById(id: string): Promise<StoredFamily | null>;
  /** The live products among these ids, without their families. */
  productsByIds(ids: readonly string[]): Promise<Product[]>;
  search(text: string, limit: number): Promise<SearchHit[]>;
  /** The branches the service lists and those branch prices name, by number, then most products. */
  branches(): Promise<BranchCount[]>;
  /** One branch as the service listed it at the last sync; null when it did not. */
  branchInfo(id: string): Promise<BranchInfo | null>;
  /** Replaces the branches the service lists (one transaction). */
  saveBranches(branches: readonly BranchInfo[]): Promise<void>;
  /** Replaces one list of reference data as read whole (one transaction). */
  saveReferenceList(kind: ReferenceKind, kept: readonly KeptReference[], refused: number): Promise<void>;
  /** Notes that the service has no such list (404): it is not asked again but by a full sync. */
  noteReferenceAbsent(kind: ReferenceKind): Promise<void>;
  /** Counts each group's products again (one walk of the group index). */
  recountGroups(): Promise<void>;
  /** Gives the file's free pages back to the disk (a catalog made before auto_vacuum keeps them). */
  giveBackFreePages(): Promise<void>;
  /** The favourite sets, product groups and taxes held, and a group's products by name. */
  readonly references: StoreReferenceReads;
  /**
   * Before a sync stores pages: what the shelf's labels read of the products they change
   * (shelf-label-store.ts); `baseline` for the catalog's first sync.
   */
  noteLabelChanges(inputs: readonly PageInput[], baseline: boolean): Promise<void>;
  /** Keeps these labels as printed at `branch` ('' for none). */
  markLabelsPrinted(branch: string, faces: readonly LabelFace[], at: number): Promise<void>;
  /** One read of what the catalog knows of the shelf's labels. */
  readShelf<T>(work: (reads: ShelfLabelReads) => T): Promise<T>;
  /** products = non-deleted, inactive included. */
  counts(): Promise<CatalogCounts>;
  /** Live products held with parts the catalog cannot use, each with those parts named. */
  unusableParts(): Promise<ProductWithUnusableParts[]>;
  /** null when the file is sound, else SQLite's first complaint (see catalog-health.ts). */
  check(mode: "quick" | "full"): Promise<string | null>;
  /**
   * The file or its folder cannot be written by this process (a read-only disk, folder or file):
   * reads answer from the catalog as it is, and every write fails with a "read-only" AppError.
   */
  readonly readOnly: boolean;
  close(): Promise<void>;
}

/**
 * One file per account. Anything but lower-case letters, digits and "-" is written as _<hex>_, so
 * the name is safe on every file system (case-insensitive ones included) and two keys never share it.
 */
export function catalogFileFor(dataDir: string, accountKey: string): string {
  const safe = accountKey.replace(/[^a-z0-9-]/gu, (char) => `_${char.codePointAt(0)?.toString(16)}_`);
  return join(dataDir, "catalogs", `${safe || "_"}.sqlite`);
}

export async function openCatalogStore(
  file: string,
  options: { clock?: () => number } = {},
): Promise<CatalogStore> {
  try {
    makeDirectory(dirname(file));
  } catch (error) {
    throw storageError(file, error);
  }
  const readOnly = !writable(dirname(file)) || (existsSync(file) && !writable(file));
  const writer = readOnly ? null : openConnection(file, { readonly: false });
  let readConnection: Database;
  try {
    if (writer !== null) await guarded(file, () => migrate(writer, file))();
    readConnection = writer === null ? openUnwritable(file) : openConnection(file, { readonly: true });
    // Unwritable, a catalog of an older version cannot be brought up to date: migrate says so.
    if (writer === null) await guarded(file, () => migrate(readConnection, file))();
  } catch (error) {
    writer?.close();
    throw error;
  }
  // Every read runs statements prepared once for the connection's life. Writes and search are
  // prepared (and their modules loaded) when first used: a till's first scan needs neither.
  const state = catalogStateReads(readConnection);
  const decoder = recordDecoder(readConnection);
  const lookup = catalogLookup(readConnection, decoder.product);
  let search: Promise<CatalogSearch> | undefined;
  const searching = () =>
    (search ??= import("./catalog-search.ts").then((module) =>
      module.catalogSearch(readConnection, lookup, decoder.product),
    ));
  /** Statements on the write connection, their module loaded when first used; refused when read-only. */
  function onWriter<T>(load: () => Promise<(db: Database, clock: () => number) => T>) {
    let made: Promise<T> | undefined;
    return () => {
      if (writer === null) return Promise.reject(readOnlyError(file));
      made ??= load().then((make) => make(writer, options.clock ?? Date.now));
      return made;
    };
  }
  const writing = onWriter<CatalogWrites>(async () => (await import("./catalog-writes.ts")).catalogWrites);
  const writingReferences = onWriter<ReferenceWrites>(
    async () => (await import("./reference-writes.ts")).referenceWrites,
  );
  const writingShelf = onWriter<ShelfLabelWrites>(
    async () => (await import("./shelf-label-store.ts")).shelfLabelWrites,
  );
  let shelf: Promise<ShelfLabelReads> | undefined;
  const shelfReads = () =>
    (shelf ??= import("./shelf-label-store.ts").then((module) => module.shelfLabelReads(readConnection)));
  const referenced = referenceReads(readConnection, decoder);
  let branches: (() => BranchCount[]) | undefined;
  const listingBranches = () => (branches ??= catalogBranches(readConnection, decoder));
  const listedBranches = branchList(readConnection);
  const guard = <A extends unknown[], R>(work: (...args: A) => R) => guarded(file, work);

  return {
    applyPage: guard(async (input: PageInput) => (await writing()).applyPages([input])),
    applyPages: guard(async (inputs: readonly PageInput[]) => (await writing()).applyPages(inputs)),
    finishFullSync: guard(async (input: { generation: number; syncState: unknown }) =>
      (await writing()).finishFullSync(input),
    ),
    countSeen: guard(async (generation: number) => state.countSeen(generation)),
    readSyncState: guard(async () => state.syncState()),
    writeSyncState: guard(async (syncState: unknown) => (await writing()).writeSyncState(syncState)),
    lookupCode: guard(async (code: string) => lookup.lookupCode(code)),
    lookupIdentifier: guard(async (text: string) => lookup.lookupIdentifier(text)),
    productById: guard(async (id: string) => lookup.productById(id)),
    productsByIds: guard(async (ids: readonly string[]) => lookup.productsByIds(ids)),
    search: guard(async (text: string, limit: number) => (await searching())(text, limit)),
    branches: guard(async () => listingBranches()()),
    branchInfo: guard(async (id: string) => listedBranches.byId(id)),
    saveBranches: guard(async (list: readonly BranchInfo[]) => (await writing()).saveBranches(list)),
    saveReferenceList: guard(async (kind: ReferenceKind, kept: readonly KeptReference[], refused: number) =>
      (await writingReferences()).saveList(kind, kept, refused),
    ),
    noteReferenceAbsent: guard(async (kind: ReferenceKind) => (await writingReferences()).noteAbsent(kind)),
    recountGroups: guard(async () => (await writingReferences()).recountGroups()),
    giveBackFreePages: guard(async () => (await writing()).giveBackFreePages()),
    references: guardedReads(file, referenced),
    noteLabelChanges: guard(async (inputs: readonly PageInput[], baseline: boolean) =>
      (await writingShelf()).noteChanges(inputs, baseline),
    ),
    markLabelsPrinted: guard(async (branch: string, faces: readonly LabelFace[], at: number) =>
      (await writingShelf()).markPrinted(branch, faces, at),
    ),
    readShelf: <T>(work: (reads: ShelfLabelReads) => T) => guard(async () => work(await shelfReads()))(),
    counts: guard(async () => state.counts()),
    unusableParts: guard(async () => unusablePartsList(readConnection, decoder)),
    check: async (mode) => integrityProblem(writer ?? readConnection, mode),
    readOnly,
    async close() {
      readConnection.close();
      writer?.close();
    },
  };
}

/**
 * A catalog this process may not write. SQLite reads it as usual where it can make its shared-memory
 * file (a read-only file in a writable folder); in a read-only folder or file system it cannot, and
 * reads it as a file nobody changes.
 */
function openUnwritable(file: string): Database {
  try {
    return openConnection(file, { readonly: true });
  } catch (error) {
    if (!isAppError(error, "read-only") || !existsSync(file)) throw error;
    return openConnection(file, { readonly: true, immutable: true });
  }
}

/** Each read of `reads`, guarded and answering a promise as every read of the store does. */
function guardedReads(file: string, reads: ReferenceReads): StoreReferenceReads {
  const wrap = <A extends unknown[], R>(read: (...args: A) => R) =>
    guarded(file, async (...args: A) => read(...args));
  return {
    lists: wrap(reads.lists),
    groupsAndTaxes: wrap(reads.groupsAndTaxes),
    all: wrap(reads.all) as StoreReferenceReads["all"],
    byId: wrap(reads.byId) as StoreReferenceReads["byId"],
    withUnusableParts: wrap(reads.withUnusableParts),
    groupPage: wrap(reads.groupPage),
    groupCounts: wrap(reads.groupCounts),
    groupSize: wrap(reads.groupSize),
  };
}

/** `work`, with whatever SQLite or the file system throws turned into an AppError of its own kind. */
function guarded<A extends unknown[], R>(file: string, work: (...args: A) => R) {
  return async (...args: A): Promise<Awaited<R>> => {
    try {
      return await work(...args);
    } catch (error) {
      throw storageError(file, error);
    }
  };
}
