// The instant a calendar day begins in a given time zone, worked out with Intl alone (shared code has
// no platform to ask). Offers given as dates are whole days where the till stands, summer time or not.

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

const dayMs = 86_400_000;

// Asking Intl takes some 15 µs a time and a day's start four asks; the same few dates recur on
// every product of an offer and at every scan of it, so answers are kept (at most this many).
const kept = new Map<string, number | null>();
const keptAtMost = 10_000;

/**
 * Epoch ms of the first instant of `date` ("2026-11-30") in `timeZone`, `daysLater` days on; null
 * when the date cannot be read. Midnight is tried under the zone's offset of the day before and of
 * the day after: the earlier one that really is midnight wins (a night the clocks go back), and when
 * neither is (clocks going forward at midnight, as in Chile) the day begins when the clocks jump.
 */
export function localDayStart(date: string, timeZone: string, daysLater = 0): number | null {
  const key = `${timeZone} ${date} ${daysLater}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  if (kept.size >= keptAtMost) kept.clear();
  const start = workOutDayStart(date, timeZone, daysLater);
  kept.set(key, start);
  return start;
}

function workOutDayStart(date: string, timeZone: string, daysLater: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(date);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const wall = Date.UTC(year, month - 1, day + daysLater);
  const candidates = [wall - dayMs, wall + dayMs].map((near) => wall - zoneOffsetMs(near, timeZone));
  const midnights = candidates.filter((at) => at + zoneOffsetMs(at, timeZone) === wall);
  return midnights.length > 0 ? Math.min(...midnights) : Math.max(...candidates);
}
