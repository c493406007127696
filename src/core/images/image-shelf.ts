// The picture cache as the catalog core uses it: opened when first needed, one run at a time, the
// cap and the on/off switch read from the settings at every run, and the running run's progress for
// the status. A cache that cannot be opened (a read-only or full disk) never stops a lookup: it
// answers no pictures, and the status says why.
import { AppError, isAppError } from "../../shared/app-error.ts";
import type { ImageCacheStatus, ProductPictures } from "../../shared/catalog/product-pictures.ts";
import type { ImageSettings } from "../../shared/settings/app-settings.ts";
import { runImagesInWorker } from "../workers/images-in-worker.ts";
import type { WorkerModule } from "../workers/worker-handle.ts";
import {
  type ImageCache,
  type ImageRunProgress,
  type ImageRunSummary,
  openImageCache,
} from "./image-cache.ts";

export interface ImageShelfDeps {
  dataDir: string;
  clock: () => number;
  settings: () => ImageSettings | Promise<ImageSettings>;
  /** The service's origin and a token for it (session-image-auth.ts). */
  auth: () => Promise<{ origin: string; token: string } | null>;
  /**
   * The picture worker's module (image-worker.ts, or its build output) and how to start it: runs then
   * go to a worker, off the thread that answers scans. Without it (the CLI) they run on the calling thread.
   */
  worker?: WorkerModule;
  /** The count of scans being answered, for the worker to pause while it is not zero (scan-gate.ts). */
  scanGate?: SharedArrayBuffer;
}

export interface ImageShelfRun {
  catalogFile: string;
  /** false: only drop what no product names and what exceeds the cap (`images prune`). */
  download: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ImageRunProgress) => void;
}

export interface ImageShelf {
  /** Runs unless the settings turn pictures off (a download run then answers null). */
  run(options: ImageShelfRun): Promise<ImageRunSummary | null>;
  /**
   * The pictures of this catalog (null: none on the till): a run, its progress, counts and problem
   * of another catalog (the session before a change of service) are not this one's.
   */
  status(catalogFile: string | null): Promise<ImageCacheStatus>;
  /** The cached pictures of these products of this catalog. */
  pictures(catalogFile: string, productIds: readonly string[]): ProductPictures;
  /** A cached picture's bytes; null for anything but exactly a hash the cache holds. */
  pictureBytes(hash: string): Buffer | null;
  /**
   * A new session begins, once the last one's run has ended (image-cache.ts `forgetFailures`). A
   * cache that cannot be written never stops the sign-in: its next run says what is wrong.
   */
  newSession(): void;
  /** The catalog was removed from the till (image-cache.ts `forgetCatalog`); never stops the sign-out. */
  forgetCatalog(catalogFile: string): void;
  close(): void;
}

const megabyte = 1_000_000;

export function createImageShelf(deps: ImageShelfDeps): ImageShelf {
  let cache: ImageCache | null = null;
  let openProblem: string | null = null;
  let progress: ImageRunProgress | null = null;
  /** The catalog of the run under way, or null. */
  let running: string | null = null;

  function opened(): ImageCache | null {
    if (cache !== null) return cache;
    try {
      cache = openImageCache(deps);
      openProblem = null;
    } catch (error) {
      if (!isAppError(error)) throw error;
      openProblem = `Product pictures cannot be kept: ${error.message}`;
    }
    return cache;
  }

  return {
    async run(options) {
      const settings = await deps.settings();
      if (options.download && !settings.enabled) return null;
      if (running !== null)
        throw new AppError("conflict", "Pictures are already being downloaded. Wait for that to finish.");
      const current = opened();
      if (current === null) throw new AppError("storage", openProblem ?? "Product pictures cannot be kept.");
      running = options.catalogFile;
      progress = null;
      const onProgress = (next: ImageRunProgress) => {
        progress = next;
        options.onProgress?.(next);
      };
      const run = { catalogFile: options.catalogFile, capBytes: settings.capMegabytes * megabyte };
      try {
        if (deps.worker === undefined) {
          return await current.run({ ...run, ...options, auth: deps.auth, onProgress });
        }
        // Asked here, where the session lives; the worker gets it as data.
        const auth = options.download ? await deps.auth().catch(() => null) : null;
        return await runImagesInWorker({
          module: deps.worker,
          job: { ...run, dataDir: deps.dataDir, download: options.download, auth, scanGate: deps.scanGate },
          signal: options.signal,
          onProgress,
        });
      } finally {
        running = null;
        progress = null;
      }
    },

    async status(catalogFile) {
      const settings = await deps.settings();
      const capBytes = settings.capMegabytes * megabyte;
      const ours = running !== null && running === catalogFile;
      const base = { capBytes, running: ours, enabled: settings.enabled, progress: ours ? progress : null };
      const current = opened();
      if (current === null) return { ...base, cached: 0, wanted: 0, bytes: 0, problem: openProblem };
      return { ...current.status(catalogFile), ...base };
    },

    pictures: (catalogFile, productIds) => opened()?.pictures(catalogFile, productIds) ?? {},
    pictureBytes: (hash) => opened()?.pictureBytes(hash) ?? null,
    newSession: () => unlessStorageFails(() => opened()?.forgetFailures()),
    forgetCatalog: (catalogFile) => unlessStorageFails(() => opened()?.forgetCatalog(catalogFile)),
    close() {
      cache?.close();
      cache = null;
    },
  };
}

/** Runs a write the till can do without: a disk that refuses it (an AppError) leaves things as they were. */
function unlessStorageFails(write: () => void): void {
  try {
    write();
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
}
