// One sync of one catalog file, as every host runs it (the CLI in its own process, the desktop app in
// its sync worker): the cross-process sync lock held throughout, the file checked and a damaged one
// set aside first, a sync refused before storing anything leaving the catalog's state as it was, and a
// full disk said in words that keep the till selling.
import { AppError, isAppError } from "../../shared/app-error.ts";
import type { CatalogFileGuard } from "../catalog/catalog-file-guard.ts";
import { acquireSyncLock } from "../catalog/sync-lock.ts";
import { refreshBranches } from "./branch-refresh.ts";
import { refreshReferences } from "./reference-refresh.ts";
import { type ProductsSource, runSync, type SyncOptions, type SyncSummary } from "./sync-engine.ts";
import { parseSyncState } from "./sync-state.ts";

export interface CatalogFileSyncSummary extends SyncSummary {
  /** Where a damaged catalog file was moved before this sync downloaded the catalog afresh. */
  damagedCatalogSetAside: string | null;
}

export async function syncCatalogFile(
  input: { file: string; catalog: CatalogFileGuard; source: ProductsSource; clock: () => number } & Pick<
    SyncOptions,
    "full" | "pageSize" | "signal" | "onProgress" | "yieldToScans"
  >,
): Promise<CatalogFileSyncSummary> {
  const lock = acquireSyncLock(input.file);
  let lastSyncAt: string | null = null;
  try {
    const { result, setAsideAs } = await input.catalog.write(async (store) => {
      // Read first: once the disk has filled up, nothing may be readable any more.
      const before = await store.readSyncState();
      lastSyncAt = parseSyncState(before).lastSyncAt;
      // The shelf's labels read as the first sync finds the products; later syncs note what they change.
      const baseline = lastSyncAt === null;
      let committed = false;
      try {
        const summary = await runSync({
          ...input,
          store: {
            ...store,
            applyPages: async (pages) => {
              await store.noteLabelChanges(pages, baseline);
              await store.applyPages(pages);
            },
          },
          onProgress: (progress) => {
            committed = true;
            input.onProgress?.(progress);
          },
        });
        await refreshBranches(input.source, store, input.signal);
        await refreshReferences(input.source, store, input);
        // The groups' sizes (the keys' groups as tabs), counted in the sync's thread, not by a till answering.
        if (summary.received > 0 || summary.removed > 0 || summary.resumed) await store.recountGroups();
        // Tidying after the sync: on a disk too full to move the pages, they stay, and the sync stands.
        await store.giveBackFreePages().catch((error: unknown) => {
          if (!isAppError(error, "disk-full")) throw error;
        });
        return summary;
      } catch (error) {
        // Refused or failed before any page was stored: nothing to resume, so the catalog says what
        // it said before rather than claim a sync stopped part-way.
        if (!committed) await store.writeSyncState(before);
        throw error;
      }
    });
    return { ...result, damagedCatalogSetAside: setAsideAs };
  } catch (error) {
    throw isAppError(error, "disk-full") ? diskFullDuringSync(lastSyncAt, error) : error;
  } finally {
    lock.release();
  }
}

function diskFullDuringSync(lastSyncAt: string | null, cause: unknown): AppError {
  const asOf = lastSyncAt === null ? "as it is" : `as of ${lastSyncAt}`;
  return new AppError(
    "disk-full",
    `The disk is full: free some space, then sync again. The catalog ${asOf} stays usable for lookups.`,
    { cause },
  );
}
