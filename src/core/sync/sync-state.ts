// The sync engine's memory, saved in the catalog database with every page so it commits with the data.
import { z } from "zod";

/** Where one stream (live or deleted products) stands: ask from `from` (inclusive), at `page`. */
const streamCheckpointSchema = z.object({
  from: z.string().nullable(),
  page: z.number().int().min(0),
  done: z.boolean(),
});
export type StreamCheckpoint = z.infer<typeof streamCheckpointSchema>;

export const syncStateSchema = z.object({
  version: z.literal(1),
  /** The run in progress, or null when the last run finished. A run left behind by a crash resumes. */
  running: z.enum(["full", "incremental"]).nullable(),
  /** Stamped on every product a full sync sees, so the ones it did not see can be swept. */
  generation: z.number().int().min(0),
  live: streamCheckpointSchema,
  deleted: streamCheckpointSchema,
  lastSyncAt: z.string().nullable(),
  lastFullSyncAt: z.string().nullable(),
  /** The service's count of live products at the end of the last sync, to compare with ours. */
  serverTotal: z.number().int().nullable(),
});
export type SyncState = z.infer<typeof syncStateSchema>;

const fromStart: StreamCheckpoint = { from: null, page: 0, done: false };

export const initialSyncState: SyncState = {
  version: 1,
  running: null,
  generation: 0,
  live: fromStart,
  deleted: fromStart,
  lastSyncAt: null,
  lastFullSyncAt: null,
  serverTotal: null,
};

/** A state read back from the database; anything unreadable starts over with a full sync. */
export function parseSyncState(stored: unknown): SyncState {
  const parsed = syncStateSchema.safeParse(stored);
  return parsed.success ? parsed.data : initialSyncState;
}

/** The state a new run starts from: a crashed run resumes, a full sync restarts both walks. */
export function beginRun(state: SyncState, wantFull: boolean): { state: SyncState; resumed: boolean } {
  if (state.running !== null && (state.running === "full" || !wantFull)) return { state, resumed: true };
  if (wantFull || state.lastFullSyncAt === null) {
    const full: SyncState = { ...state, running: "full", generation: state.generation + 1 };
    return { state: { ...full, live: fromStart, deleted: fromStart }, resumed: false };
  }
  const again = (checkpoint: StreamCheckpoint): StreamCheckpoint => ({ ...checkpoint, page: 0, done: false });
  return {
    state: { ...state, running: "incremental", live: again(state.live), deleted: again(state.deleted) },
    resumed: false,
  };
}
