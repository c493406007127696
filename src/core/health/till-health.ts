// Whether a till is fine, for a chain's monitoring: ok; a warning (it serves, but something needs a
// look); or failing (it cannot serve its catalog, or can no longer keep it up to date). Judged from
// the catalog's status alone, with no request to the service: a monitoring agent calls it often.
import { type CatalogStatus, clockOffWarning, roughSpan } from "../../shared/catalog/catalog-status.ts";
import type { AppSettings } from "../../shared/settings/app-settings.ts";
import { freshnessOf } from "../app/freshness.ts";

export type HealthLevel = "ok" | "warning" | "failing";

export interface TillHealth {
  level: HealthLevel;
  /** Why, in words; empty when ok. The worst level's reasons only. */
  reasons: string[];
  products: number;
  catalogAsOf: string | null;
}

/** Exit codes for monitoring agents (Nagios' convention): 0 ok, 1 warning, 2 failing. */
export const healthExitCodes: Record<HealthLevel, number> = { ok: 0, warning: 1, failing: 2 };

/** A sync is due every interval; none for this long past it means syncs are failing. */
const syncFailingAfterMs = 3_600_000;

export function tillHealth(
  status: CatalogStatus,
  settings: Pick<AppSettings, "staleAfterHours" | "syncIntervalMinutes">,
  tillNow: number,
): TillHealth {
  const failing = failingReasons(status);
  const reasons = failing.length > 0 ? failing : warningReasons(status, settings, tillNow);
  const level: HealthLevel = failing.length > 0 ? "failing" : reasons.length > 0 ? "warning" : "ok";
  return { level, reasons, products: status.products, catalogAsOf: status.lastSyncAt };
}

function failingReasons(status: CatalogStatus): string[] {
  if (status.account === null) return ["There is no catalog on this till: sign in and sync first."];
  const reasons: string[] = [];
  if (status.catalogProblem?.kind === "damaged") reasons.push(status.catalogProblem.message);
  else if (status.lastSyncAt === null) reasons.push("The catalog has never been downloaded completely.");
  if (status.session === "session-expired") {
    reasons.push(
      "The session ended and no credentials are remembered, so the catalog no longer syncs: sign in again with Remember on this till.",
    );
  }
  if (status.session === "signed-out")
    reasons.push("Signed out: the catalog no longer syncs. Sign in again.");
  return reasons;
}

function warningReasons(
  status: CatalogStatus,
  settings: Pick<AppSettings, "staleAfterHours" | "syncIntervalMinutes">,
  tillNow: number,
): string[] {
  const reasons: string[] = [];
  // Ages go by the service's clock, as the catalog is stamped with it.
  const serviceNow = tillNow + (status.clockOffsetMs ?? 0);
  const age = status.lastSyncAt === null ? 0 : serviceNow - Date.parse(status.lastSyncAt);
  if (status.catalogProblem?.kind === "read-only") reasons.push(status.catalogProblem.message);
  if (freshnessOf(status.lastSyncAt, serviceNow, settings.staleAfterHours).stale) {
    reasons.push(
      `The catalog is ${span(age)} old, older than the stale age of ${settings.staleAfterHours} hours.`,
    );
  } else if (
    settings.syncIntervalMinutes > 0 &&
    age > settings.syncIntervalMinutes * 60_000 + syncFailingAfterMs
  ) {
    reasons.push(
      `No sync has finished for ${span(age)}, though one is due every ${settings.syncIntervalMinutes} minutes: syncs are failing.`,
    );
  }
  const clockOff = clockOffWarning(status);
  if (clockOff !== null) reasons.push(`The till's clock is ${span(clockOff)} off the commerce service's.`);
  if (status.images.problem !== null) reasons.push(`Pictures are failing: ${status.images.problem}`);
  return reasons;
}

function span(ms: number): string {
  const { value, unit } = roughSpan(ms);
  return `${value} ${unit}${value === 1 ? "" : "s"}`;
}
