// The service's time, as well as this till knows it: the till's own clock corrected by how far it was
// from the `Date` header of the service's answers. Token expiry, "catalog as of" and the sync's stamps
// are judged on it, so a till clock that is hours or years off (a dead board battery, a wrong time
// zone set as UTC) neither throws away a valid session nor keeps using an expired one. Other modules
// that need "now" as the shop means it (a price valid until a date) take `now` alone.

export interface ServiceTime {
  /** The service's current time, epoch ms: the till's clock until an answer was measured. */
  now(): number;
  /** The service's clock minus the till's, in ms; null until measured (here or in a stored session). */
  offsetMs(): number | null;
  /** An answer from the service dated `dateMs` (its Date header) arrived just now. */
  observe(dateMs: number): void;
  /** An offset measured before (kept with the session): used until this process measures its own. */
  recall(offsetMs: number | null | undefined): void;
}

/** A Date header names whole seconds, so two answers of one instant may differ by this much. */
const headerResolutionMs = 1000;

export function createServiceTime(tillClock: () => number): ServiceTime {
  let offset: number | null = null;
  let measured = false;
  return {
    now: () => tillClock() + (offset ?? 0),
    offsetMs: () => offset,
    observe(dateMs) {
      // The service's instant lies somewhere in the second its header names: take the middle.
      const seen = Math.round(dateMs + headerResolutionMs / 2 - tillClock());
      // Within the header's resolution the offset stands, so it is not rewritten on every answer.
      if (offset === null || Math.abs(seen - offset) > headerResolutionMs) offset = seen;
      measured = true;
    },
    recall(offsetMs) {
      if (!measured && typeof offsetMs === "number") offset = offsetMs;
    },
  };
}

/** `fetch` that tells `time` the date of every answer from the service, whatever its status. */
export function observeServiceDates(
  fetch: typeof globalThis.fetch,
  time: ServiceTime,
): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const date = Date.parse(response.headers.get("date") ?? "");
    if (!Number.isNaN(date)) time.observe(date);
    return response;
  };
}
