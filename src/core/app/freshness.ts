// How old the local catalog is, and what that means for a code it does not know: a till with an old
// or half-downloaded catalog must not call a new product "unknown" without saying why it may be.

import type { Freshness } from "../../shared/catalog/app-status.ts";
import type { CatalogStatus } from "../../shared/catalog/catalog-status.ts";
import type { LookupAnswer } from "../../shared/catalog/lookup-answer.ts";

const hourMs = 3_600_000;

export function freshnessOf(lastSyncAt: string | null, now: number, staleAfterHours: number): Freshness {
  const age = lastSyncAt === null ? Number.POSITIVE_INFINITY : now - Date.parse(lastSyncAt);
  return { catalogAsOf: lastSyncAt, stale: age > staleAfterHours * hourMs, staleAfterHours };
}

export interface MissContext {
  status: Pick<CatalogStatus, "lastSyncAt" | "syncUnfinished" | "mismatch" | "products" | "serverTotal">;
  freshness: Freshness;
  syncRunning: boolean;
  /** Formats an instant for the person reading it (their language and time zone). */
  formatTime: (iso: string) => string;
}

/** The answer as it was, or with the miss explained by the state of the catalog. */
export function explainMiss(answer: LookupAnswer, context: MissContext): LookupAnswer {
  if (answer.reason?.kind !== "unknown-code") return answer;
  const why = catalogDoubt(context);
  if (why === null) return answer;
  return { ...answer, reason: { kind: "unknown-code", message: `${answer.reason.message} ${why}` } };
}

function catalogDoubt({ status, freshness, syncRunning, formatTime }: MissContext): string | null {
  const asOf = freshness.catalogAsOf;
  if (asOf === null) {
    return syncRunning
      ? "The catalog is still downloading for the first time: this code may not have arrived yet."
      : "The catalog has not been downloaded completely yet: this code may be in the part still missing. Sync to get it.";
  }
  if (syncRunning || status.syncUnfinished) {
    return `This code may be new: a sync is under way or stopped part-way, and the catalog is complete only as of ${formatTime(asOf)}.`;
  }
  if (freshness.stale) {
    return `This code may be new: the catalog is from ${formatTime(asOf)}, older than ${freshness.staleAfterHours} hours. Sync to check.`;
  }
  if (status.mismatch && status.serverTotal !== null) {
    return `This code may be missing from this till: the catalog holds ${status.products} products but the service lists ${status.serverTotal}. A full sync repairs it.`;
  }
  return null;
}

/**
 * An instant in the person's language (undefined: the system's); the ISO text itself where the
 * language is unknown here.
 */
export function formatInstant(iso: string, language: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(iso),
    );
  } catch {
    return iso;
  }
}
