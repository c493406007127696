// Where a record sits in the service's order (updated_at, then id): what the sync walks by.
import type { RecordPosition } from "../products-page.ts";

/** The record's position, when its id and updated_at can be read at all; else null. */
export function recordPosition(raw: unknown): RecordPosition | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { id, updated_at: updatedAt } = raw as { id?: unknown; updated_at?: unknown };
  if (typeof id !== "string" || id === "" || typeof updatedAt !== "object" || updatedAt === null) return null;
  const { unix, iso } = updatedAt as { unix?: unknown; iso?: unknown };
  const ms = typeof unix === "number" ? unix : typeof iso === "string" ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? { ms, id } : null;
}
