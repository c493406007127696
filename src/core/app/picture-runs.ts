// The picture run that follows each sync: one at a time, stopped when the next sync starts (scanning
// comes first: a sync never shares the line with pictures) or the catalog closes. Its progress reaches
// the status at most twice a second.
import { isAppError } from "../../shared/app-error.ts";
import type { CatalogLog } from "../logging/catalog-log.ts";
import type { ServiceClock } from "../service-clock.ts";
import type { CatalogImages } from "./catalog-core.ts";

export interface PictureRunsDeps {
  images: CatalogImages;
  clock: ServiceClock;
  /** Read when a run would begin: pictures may be off. */
  enabled: () => boolean;
  /** The status changed (a run began, progressed or ended). */
  onChange: () => void;
  onFault: (what: string, error: unknown) => void;
  /** Where each run's outcome is written. */
  log?: CatalogLog;
}

export interface PictureRuns {
  /** Downloads what the synced catalog names, once the previous run has stopped. */
  follow(): void;
  /** A run is under way or about to begin; one stopped (the session before a change) is not. */
  active(): boolean;
  stop(): void;
  /** Stops the run and resolves once it has ended: nothing of it writes to the cache after that. */
  stopped(): Promise<void>;
  /** Stops the run and waits for it. */
  close(): Promise<void>;
}

const progressEveryMs = 500;

export function createPictureRuns(deps: PictureRunsDeps): PictureRuns {
  let current: { controller: AbortController; finished: Promise<void> } | null = null;
  let closed = false;
  let lastToldAt = 0;

  function progress(): void {
    const now = deps.clock.now();
    if (now - lastToldAt < progressEveryMs) return;
    lastToldAt = now;
    deps.onChange();
  }

  function follow(): void {
    if (closed || !deps.enabled()) return;
    const previous = current;
    const controller = new AbortController();
    const finished = (async () => {
      // Begun once the sync's answer is out, so opening the cache and the worker never delay it.
      await new Promise((resolve) => setImmediate(resolve));
      await previous?.finished;
      if (closed || controller.signal.aborted) return;
      try {
        const summary = await deps.images.run({
          download: true,
          signal: controller.signal,
          onProgress: progress,
        });
        deps.log?.picturesDone(summary);
      } catch (error) {
        // Its problem is in the images status; only a bug is worth a fault report.
        if (!isAppError(error)) deps.onFault("pictures", error);
        else deps.log?.picturesFailed(error);
      } finally {
        if (current?.controller === controller) current = null;
        deps.onChange();
      }
    })();
    current = { controller, finished };
  }

  return {
    follow,
    active: () => current !== null && !current.controller.signal.aborted,
    stop: () => current?.controller.abort(),
    async stopped() {
      current?.controller.abort();
      await current?.finished;
    },
    async close() {
      closed = true;
      current?.controller.abort();
      await current?.finished;
    },
  };
}
