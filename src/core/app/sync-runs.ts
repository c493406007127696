// One sync at a time, on demand or in the background: the checks before it, the runner (a worker or
// this thread, sync-runner.ts), and what follows its end, success or not. Cancelling stops it where
// it is; the next sync resumes from its last committed page.
import { AppError } from "../../shared/app-error.ts";
import type { SyncProgress } from "../../shared/catalog/sync-progress.ts";
import type { CatalogLog } from "../logging/catalog-log.ts";
import type { Session } from "../session/session.ts";
import type { CatalogFileSyncSummary } from "../sync/catalog-file-sync.ts";
import { signInToSync } from "./catalog-core.ts";
import type { SyncRunner } from "./sync-runner.ts";

export type SyncMode = "full" | "incremental";

export interface SyncOptions {
  /** Records a page; the settings' page size when absent. */
  pageSize?: number;
  /** Told of this sync's progress (every listener of the syncProgress event hears it too). */
  onProgress?: (progress: SyncProgress) => void;
}

export interface SyncRunsDeps {
  session: Session;
  runner: SyncRunner;
  pageSize: () => number;
  /** Where each sync's start, pages and end are written. */
  log?: CatalogLog;
  /** A sync is starting (already counted as running). */
  onStart: () => void;
  onProgress: (progress: SyncProgress) => void;
  /** A sync has ended (no longer counted as running); its outcome, for the status. */
  onEnd: (
    outcome: { ok: true; summary: CatalogFileSyncSummary } | { ok: false; error: unknown },
  ) => Promise<void>;
}

export interface SyncRuns {
  start(mode: SyncMode, options?: SyncOptions): Promise<CatalogFileSyncSummary>;
  /** The running sync, or null. */
  current(): { mode: SyncMode; progress: SyncProgress | null } | null;
  /** Asks the running sync to stop; false when none runs. */
  cancel(): boolean;
  /** Cancels the running sync and waits until it has stopped. */
  stop(): Promise<void>;
  /** No sync starts after this. */
  close(): Promise<void>;
}

interface RunningSync {
  controller: AbortController;
  mode: SyncMode;
  progress: SyncProgress | null;
  finished: Promise<unknown>;
}

export function createSyncRuns(deps: SyncRunsDeps): SyncRuns {
  let running: RunningSync | null = null;
  let closed = false;

  async function work(run: RunningSync, options: SyncOptions): Promise<CatalogFileSyncSummary> {
    const syncLog = deps.log?.syncStarted(run.mode);
    try {
      const info = await deps.session.info();
      if (info === null) throw signInToSync();
      const summary = await deps.runner({
        info,
        full: run.mode === "full",
        pageSize: options.pageSize ?? deps.pageSize(),
        signal: run.controller.signal,
        onProgress(progress) {
          run.progress = progress;
          syncLog?.page(progress);
          options.onProgress?.(progress);
          deps.onProgress(progress);
        },
      });
      running = null;
      syncLog?.finished(summary);
      await deps.onEnd({ ok: true, summary });
      return summary;
    } catch (error) {
      syncLog?.failed(error);
      if (running === run) {
        running = null;
        await deps.onEnd({ ok: false, error });
      }
      throw error;
    }
  }

  async function stop(): Promise<void> {
    const current = running;
    if (current === null) return;
    current.controller.abort();
    await current.finished;
  }

  return {
    start(mode, options = {}) {
      if (closed) return Promise.reject(new AppError("cancelled", "The catalog is closing."));
      if (running !== null) {
        return Promise.reject(
          new AppError("conflict", "A sync is already running. Wait for it to finish, or cancel it."),
        );
      }
      const run: RunningSync = {
        controller: new AbortController(),
        mode,
        progress: null,
        finished: Promise.resolve(),
      };
      running = run;
      deps.onStart();
      const done = work(run, options);
      run.finished = done.catch(() => undefined);
      return done;
    },
    current: () =>
      running === null ? null : { mode: running.progress?.mode ?? running.mode, progress: running.progress },
    cancel() {
      if (running === null) return false;
      running.controller.abort();
      return true;
    },
    stop,
    async close() {
      closed = true;
      await stop();
    },
  };
}
