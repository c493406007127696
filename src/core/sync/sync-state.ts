// The sync engine's memory, saved in the catalog database with every page so it commits with the data.
import { z } from "zod";

/**
 * Where one stream (live or deleted products) stands, as a position in the service's own order
 * (updated_at, then id): everything up to the record `after` changed at `from` is committed. `seen`
 * counts the records at `from` up to that one, so the next request can start near it with any page
 * size; the walk finds its exact place again by comparing positions, not by trusting page numbers.
 */
const streamCheckpointSchema = z.object({
  from: z.string().nullable(),
  after: z.string().nullable(),
  seen: z.number().int().min(0),
  done: z.boolean(),
});
export type StreamCheckpoint = z.infer<typeof streamCheckpointSchema>;

const runFields = {
  /** The run in progress, or null when the last run finished. A run left behind by a crash resumes. */
  running: z.enum(["full", "incremental"]).nullable(),
  /** Stamped on every product a full sync sees, so the ones it did not see can be swept. */
  generation: z.number().int().min(0),
  lastSyncAt: z.string().nullable(),
  lastFullSyncAt: z.string().nullable(),
  /** The service's count of live products at the end of the last sync, to compare with ours. */
  serverTotal: z.number().int().nullable(),
};

export const syncStateSchema = z.object({
  version: z.literal(2),
  ...runFields,
  live: streamCheckpointSchema,
  deleted: streamCheckpointSchema,
});
export type SyncState = z.infer<typeof syncStateSchema>;

/** Version 1 kept a page number that only meant something with the page size it was counted in. */
const legacyCheckpointSchema = z.object({ from: z.string().nullable() });
const legacyStateSchema = z.object({
  version: z.literal(1),
  ...runFields,
  live: legacyCheckpointSchema.extend({ done: z.boolean() }),
  deleted: legacyCheckpointSchema.extend({ done: z.boolean() }),
});

export const walkFromStart: StreamCheckpoint = { from: null, after: null, seen: 0, done: false };

export const initialSyncState: SyncState = {
  version: 2,
  running: null,
  generation: 0,
  live: walkFromStart,
  deleted: walkFromStart,
  lastSyncAt: null,
  lastFullSyncAt: null,
  serverTotal: null,
};

/** A state read back from the database; anything unreadable starts over with a full sync. */
export function parseSyncState(stored: unknown): SyncState {
  const parsed = syncStateSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const legacy = legacyStateSchema.safeParse(stored);
  if (!legacy.success) return initialSyncState;
  // Ask again from the whole instant: records at `from` come again and are stored idempotently.
  const again = ({ from, done }: { from: string | null; done: boolean }): StreamCheckpoint => ({
    from,
    after: null,
    seen: 0,
    done,
  });
  return { ...legacy.data, version: 2, live: again(legacy.data.live), deleted: again(legacy.data.deleted) };
}

/**
 * The state a new run starts from: a stopped run resumes, a full sync restarts both walks. Both
 * streams are asked again from their positions even when one had finished: asking costs one page,
 * and trusting an end the upstream reported before a failure could hide what came after it.
 */
export function beginRun(state: SyncState, wantFull: boolean): { state: SyncState; resumed: boolean } {
  const again = (checkpoint: StreamCheckpoint): StreamCheckpoint => ({ ...checkpoint, done: false });
  const bothAgain = (from: SyncState): SyncState => ({
    ...from,
    live: again(from.live),
    deleted: again(from.deleted),
  });
  if (state.running !== null && (state.running === "full" || !wantFull)) {
    return { state: bothAgain(state), resumed: true };
  }
  if (wantFull || state.lastFullSyncAt === null) {
    const full: SyncState = { ...state, running: "full", generation: state.generation + 1 };
    return { state: { ...full, live: walkFromStart, deleted: walkFromStart }, resumed: false };
  }
  return { state: bothAgain({ ...state, running: "incremental" }), resumed: false };
}
