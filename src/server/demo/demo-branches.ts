// The demo chain's branches: what its branch prices name, and what GET /api/v0/branches lists. Fixed
// ids, so every demo catalog, test and benchmark names the same branches.

import { timestamp } from "../store/timestamp.ts";
import { demoFavouriteSetIds } from "./demo-favourite-ids.ts";

export interface DemoBranch {
  id: string;
  branch_number: number;
  name: string;
  currency_default: string;
  timezone_default: string;
  /** The favourite set a till of the branch shows when none is chosen. */
  default_favourite: string | null;
}

export const demoBranches: readonly DemoBranch[] = [
  {
    id: "3f1c2a8e-5b7d-4e21-9a0c-6d8b1e4f7a01",
    branch_number: 1,
    name: "Berlin Mitte",
    currency_default: "EUR",
    timezone_default: "Europe/Berlin",
    default_favourite: demoFavouriteSetIds.bakery,
  },
  {
    id: "8a4d6c02-1e9f-4b37-8c55-2f0e9d7b3a02",
    branch_number: 2,
    name: "Hamburg Altona",
    currency_default: "EUR",
    timezone_default: "Europe/Berlin",
    default_favourite: null,
  },
  {
    id: "c7e9b513-4a2d-4f68-b1e0-9d3c5a8f2b03",
    branch_number: 3,
    name: "Wien Neubau",
    currency_default: "EUR",
    timezone_default: "Europe/Vienna",
    default_favourite: null,
  },
];

/** When the demo chain's branches were set up: before any demo product. */
const openedMs = Date.parse("2024-01-15T08:00:00.000Z");
/** The same instant as the wire shows it: when the chain's taxes and groups were set up too. */
export const chainOpenedIso = timestamp(openedMs).iso;

/** A branch as the service answers it, every key the demo knows, dated the day the chain opened. */
export function branchRecord(branch: DemoBranch, index: number): Record<string, unknown> {
  const opened = timestamp(openedMs + index * 86_400_000).iso;
  return {
    id: branch.id,
    created_at: opened,
    updated_at: opened,
    name: branch.name,
    branch_number: branch.branch_number,
    custom_id: null,
    active: true,
    deleted: false,
    deleted_at: null,
    currency_default: branch.currency_default,
    timezone_default: branch.timezone_default,
    default_favourite: branch.default_favourite,
    insert_id: index + 1,
  };
}
