// How this till prices: its branch, and its currency and offer time zone, each as set on the till,
// else as its branch's entry in the service's branch list says, else the product's own currency and
// the system's time zone.
import type { BranchInfo } from "../api/branch.ts";
import type { PriceSettings } from "../settings/app-settings.ts";

export interface TillPricing extends PriceSettings {
  /** IANA zone where offers given as dates begin and end. */
  timeZone: string;
}

export function tillPricing(
  settings: PriceSettings,
  branch: Pick<BranchInfo, "currency" | "timeZone"> | null,
  zones: { given?: string; system: string },
): TillPricing {
  return {
    branch: settings.branch,
    currency: settings.currency ?? branch?.currency ?? null,
    timeZone: zones.given ?? usableZone(branch?.timeZone) ?? zones.system,
  };
}

// Whether this system knows a zone, by zone: asked at every scan of a till whose branch names one,
// and building the formatter that tells cost more than the rest of the scan (issue 52). A branch list
// names a few zones; a list naming more than this many is asked again.
const knownZones = new Map<string, boolean>();
const zonesKeptAtMost = 100;

/** A zone the service names that this system does not know is no zone. */
function usableZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  let known = knownZones.get(zone);
  if (known === undefined) {
    known = systemKnows(zone);
    if (knownZones.size >= zonesKeptAtMost) knownZones.clear();
    knownZones.set(zone, known);
  }
  return known ? zone : null;
}

function systemKnows(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
