// The main job as one object: signed in through the session, synced into the account's catalog file,
// and answering lookups and searches from it with or without a connection. The CLI and the Electron
// shell both drive this; neither adds logic of its own.

import type { Product } from "../shared/api/product.ts";
import { AppError } from "../shared/app-error.ts";
import { readScan, type ScanOptions, type ScanReading } from "../shared/barcode/scan-reading.ts";
import type { CatalogStatus } from "../shared/catalog/catalog-status.ts";
import { labelCharge } from "../shared/catalog/label-charge.ts";
import type { LookupAnswer, LookupMatch, ProductFamily } from "../shared/catalog/lookup-answer.ts";
import type { SyncProgress } from "../shared/catalog/sync-progress.ts";
import { removeCatalogFile } from "./catalog/catalog-removal.ts";
import { type CatalogStore, catalogFileFor, openCatalogStore } from "./catalog/catalog-store.ts";
import type { Session } from "./session/session.ts";
import { sessionProductsSource } from "./sync/session-source.ts";
import { runSync, type SyncSummary } from "./sync/sync-engine.ts";
import { parseSyncState } from "./sync/sync-state.ts";

export interface CatalogCore {
  sync(options?: {
    full?: boolean;
    pageSize?: number;
    signal?: AbortSignal;
    onProgress?: (progress: SyncProgress) => void;
  }): Promise<SyncSummary>;
  lookup(input: string): Promise<LookupAnswer>;
  search(text: string, limit?: number): Promise<Product[]>;
  /** A product by id with its parent and variants, or null. */
  product(id: string): Promise<ProductFamily | null>;
  status(): Promise<CatalogStatus>;
  /**
   * Signs out. The catalog on this till stays readable (lookups and search work, nothing syncs)
   * unless `forgetCatalog` asks to remove it from the disk as well.
   */
  signOut(options?: { forgetCatalog?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export function createCatalogCore(deps: {
  dataDir: string;
  session: Session;
  clock: () => number;
  /** Read at every lookup, so a change of the scanner settings applies at once. */
  scanOptions?: () => ScanOptions;
}): CatalogCore {
  const { session, clock } = deps;
  let opened: { account: string; store: CatalogStore } | null = null;
  let syncing = false;

  /** The catalog of whoever signed in last: still readable after signing out or when the session ended. */
  async function currentStore(): Promise<CatalogStore | null> {
    const record = await session.lastRecord();
    if (record === null) return null;
    if (opened?.account === record.account.id) return opened.store;
    await closeStore();
    const store = await openCatalogStore(catalogFileFor(deps.dataDir, record.account.id), { clock });
    opened = { account: record.account.id, store };
    return store;
  }

  async function closeStore(): Promise<void> {
    const closing = opened;
    opened = null;
    await closing?.store.close();
  }

  async function requireStore(): Promise<CatalogStore> {
    const store = await currentStore();
    if (store === null) {
      throw new AppError(
        "sign-in-required",
        "There is no catalog on this till yet. Sign in once to download it.",
      );
    }
    return store;
  }

  return {
    async sync(options = {}) {
      if ((await session.state()).state === "signed-out") {
        throw new AppError(
          "sign-in-required",
          "Nobody is signed in, so the catalog cannot sync. Sign in first; the catalog on this till stays readable meanwhile.",
        );
      }
      const store = await requireStore();
      if (syncing) throw new AppError("conflict", "A sync is already running. Wait for it to finish.");
      syncing = true;
      const before = await store.readSyncState();
      let committed = false;
      try {
        return await runSync({
          ...options,
          onProgress: (progress) => {
            committed = true;
            options.onProgress?.(progress);
          },
          source: sessionProductsSource(session),
          store,
          clock,
        });
      } catch (error) {
        // Refused or failed before any page was stored: nothing to resume, so the catalog says what it
        // said before rather than claim a sync stopped part-way.
        if (!committed) await store.writeSyncState(before);
        throw error;
      } finally {
        syncing = false;
      }
    },

    async lookup(input) {
      const store = await requireStore();
      const code = readScan(input, deps.scanOptions?.(), new Date(clock()));
      for (const key of code.searchKeys) {
        const match = await store.lookupCode(key);
        if (match !== null) return found(input, code, match);
      }
      const byIdentifier = await store.lookupIdentifier(code.normalised);
      if (byIdentifier !== null) return found(input, code, byIdentifier);
      return { query: input, code, match: null, label: null, reason: noMatchReason(code) };
    },

    async search(text, limit = 20) {
      return (await requireStore()).search(text, limit);
    },

    async product(id) {
      return (await requireStore()).productById(id);
    },

    async status() {
      const { state: signIn, record } = await session.state();
      const store = await currentStore();
      const counts = store ? await store.counts() : { products: 0, inactive: 0, quarantined: 0 };
      const state = parseSyncState(store ? await store.readSyncState() : null);
      return {
        session: signIn,
        signedIn: signIn === "signed-in",
        account: record?.account ?? null,
        ...counts,
        lastSyncAt: state.lastSyncAt,
        lastFullSyncAt: state.lastFullSyncAt,
        syncUnfinished: state.running !== null,
        tokenExpiresAt: signIn === "signed-out" ? null : (record?.expiresAt ?? null),
        serverTotal: state.serverTotal,
        mismatch: state.serverTotal !== null && state.serverTotal !== counts.products,
      };
    },

    async signOut(options = {}) {
      const { record } = await session.state();
      await session.signOut({ forget: options.forgetCatalog ?? false });
      if (options.forgetCatalog && record !== null) {
        await closeStore();
        await removeCatalogFile(catalogFileFor(deps.dataDir, record.account.id));
      }
    },

    close: closeStore,
  };
}

function found(query: string, code: ScanReading, match: LookupMatch): LookupAnswer {
  return { query, code, match, label: labelCharge(code, match.product), reason: null };
}

/** A problem with the code itself explains the miss better than "unknown". */
function noMatchReason(code: ScanReading): NonNullable<LookupAnswer["reason"]> {
  if (code.problem !== null) return code.problem;
  return {
    kind: "unknown-code",
    message: `No product has the code, SKU or custom id ${code.normalised}. Search by name, or check that the catalog is up to date.`,
  };
}
