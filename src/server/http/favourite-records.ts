// Favourite sets written through the service: the body's keys over the upstream's defaults, with the
// server-owned id and timestamps set here and never taken from the body (a set read back and sent again
// whole carries them: they are passed over, not refused).
import { type FavouriteFields, favouriteCreateSchema, favouriteUpdateSchema } from "./favourite-bodies.ts";
import { HttpError } from "./http-error.ts";
import { parseRequest } from "./request-validation.ts";

export type FavouriteRecord = Record<string, unknown> & {
  id: string;
  created_at: string;
  updated_at: string;
};

/** Every key a set carries when the body leaves it out. */
export const favouriteDefaults: Omit<FavouriteFields, "name" | "client_id"> = {
  tabs: [],
  metadata: {},
  registers: null,
  branches: null,
  locations: null,
  branch_groups: null,
  temporary_id: null,
  is_local: false,
  deleted: false,
  active: true,
};

const serverOwned = new Set(["id", "created_at", "updated_at"]);

function writable(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !serverOwned.has(key)));
}

export function newFavourite(body: unknown, id: string, nowMs: number): FavouriteRecord {
  const fields = parseRequest(favouriteCreateSchema, writable(body), "favourite set");
  const at = new Date(nowMs).toISOString();
  return { id, created_at: at, updated_at: at, ...favouriteDefaults, ...fields };
}

/** The stored set with the body's keys laid over it (a key sent replaces it whole, tabs included). */
export function changedFavourite(existing: FavouriteRecord, body: unknown, nowMs: number): FavouriteRecord {
  // A change that sends nothing is a client that lost its body on the way, not a change to nothing.
  if (body === undefined)
    throw new HttpError(400, "The request has no body: send the favourite set's fields to change, as JSON.");
  const fields = parseRequest(favouriteUpdateSchema, writable(body), "favourite set");
  return { ...existing, ...fields, updated_at: new Date(nowMs).toISOString() };
}
