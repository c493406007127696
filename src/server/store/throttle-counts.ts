// Counters shared by every node: a row per key with the points used in its current window and the instant
// that window ends, as rate-limiter-flexible's PostgreSQL store keeps them. Taking a point is one upsert,
// atomic on both databases, so N nodes together allow exactly the limit; a window that has ended starts
// over at the next take. Expired rows are swept by `sweepExpiredCounts`.
import { sql } from "kysely";
import type { ServiceDatabase } from "./database.ts";

export interface CountWindow {
  limit: number;
  windowMs: number;
}

/** Taken: the key's window ends at `expiresAt`. Refused: the key has used its limit until `expiresAt`. */
export type TakeResult = { taken: boolean; expiresAt: number };

export async function takePoint(
  db: ServiceDatabase,
  key: string,
  window: CountWindow,
  now: number,
): Promise<TakeResult> {
  const fresh = now + window.windowMs;
  // Only a key under its limit, or whose window has ended, takes a point: a refusal changes nothing.
  const { rows } = await sql<{ expires_at: number | string }>`
    INSERT INTO throttle_counts (key, points, expires_at) VALUES (${key}, 1, CAST(${fresh} AS BIGINT))
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN throttle_counts.expires_at <= CAST(${now} AS BIGINT) THEN 1
        ELSE throttle_counts.points + 1 END,
      expires_at = CASE WHEN throttle_counts.expires_at <= CAST(${now} AS BIGINT) THEN CAST(${fresh} AS BIGINT)
        ELSE throttle_counts.expires_at END
    WHERE throttle_counts.expires_at <= CAST(${now} AS BIGINT) OR throttle_counts.points < ${window.limit}
    RETURNING expires_at`.execute(db);
  const taken = rows[0];
  if (taken !== undefined) return { taken: true, expiresAt: Number(taken.expires_at) };
  const held = await db
    .selectFrom("throttle_counts")
    .select("expires_at")
    .where("key", "=", key)
    .executeTakeFirst();
  // The row can only have gone if a sweep ran between the two statements: its window had ended.
  return { taken: false, expiresAt: Number(held?.expires_at ?? now) };
}

/** Gives back a point taken in the window ending at `expiresAt` (a later window owes nothing). */
export async function givePoint(db: ServiceDatabase, key: string, expiresAt: number): Promise<void> {
  await db
    .updateTable("throttle_counts")
    .set({ points: sql<number>`points - 1` })
    .where("key", "=", key)
    .where("expires_at", "=", expiresAt)
    .where("points", ">", 0)
    .execute();
}

/** Deletes the rows whose window ended before `now`; returns how many. */
export async function sweepExpiredCounts(db: ServiceDatabase, now: number): Promise<number> {
  const result = await db.deleteFrom("throttle_counts").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
