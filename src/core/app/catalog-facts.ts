// What status reports of the catalog file: its counts, the sync's stored state, and a problem with
// the file in words. A damaged one is reported, not thrown: offline, nothing can repair it, and the
// till's status must still say what is wrong and what to do.
import { isAppError } from "../../shared/app-error.ts";
import { noReferenceData } from "../../shared/catalog/catalog-status.ts";
import { type CatalogFileGuard, damagedError } from "../catalog/catalog-file-guard.ts";
import { lastSetAside } from "../catalog/catalog-health.ts";
import { referenceCounts } from "../catalog/reference-counts.ts";
import { parseSyncState } from "../sync/sync-state.ts";

export const noCatalog = {
  counts: { products: 0, inactive: 0, quarantined: 0, withUnusableParts: 0 },
  referenceData: noReferenceData,
  stored: null,
  problem: null,
} as const;

export async function catalogFacts(file: string, catalog: CatalogFileGuard) {
  const damaged = (message: string) => ({ kind: "damaged" as const, message });
  try {
    const facts = await catalog.read(async (store) => ({
      counts: await store.counts(),
      referenceData: await referenceCounts(store.references),
      stored: await store.readSyncState(),
      problem: store.readOnly ? readOnlyProblem : null,
    }));
    // A sync that began after the damaged file was set aside (and failed: offline) left a new file
    // with nothing complete in it: the damage is still the news until a sync completes.
    const aside = parseSyncState(facts.stored).lastSyncAt === null ? lastSetAside(file) : null;
    return aside === null ? facts : { ...facts, problem: damaged(damagedError(aside, null).message) };
  } catch (error) {
    if (!isAppError(error, "damaged")) throw error;
    return { ...noCatalog, problem: damaged(error.message) };
  }
}

const readOnlyProblem = {
  kind: "read-only",
  message:
    "The catalog's disk or folder cannot be written: lookups and search answer from the catalog as it is, but it cannot sync until the disk can be written again.",
} as const;
