// The picture cache: after a catalog sync, the pictures the live products name are planned from the
// catalog, downloaded into the cache's store (`images/cache.sqlite` in the data folder) under their
// content hash, and kept within a size cap that favours the most recently changed products. A
// product whose URL changed gets its new picture; a picture no live product names any more is
// deleted. The run yields between small steps, so lookups answered on the same thread never wait
// long for it.
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { isAppError } from "../../shared/app-error.ts";
import {
  type ImageCacheStatus,
  isImageHash,
  type ProductPictures,
} from "../../shared/catalog/product-pictures.ts";
import { makeDirectory } from "../storage/make-directory.ts";
import { storageError } from "../storage/storage-errors.ts";
import { openCatalogPictureReads } from "./catalog-picture-reads.ts";
import { openImageCacheStore, type WantedRow } from "./image-cache-store.ts";
import { downloadImage, type ImageDownload, type ImageProblem } from "./image-download.ts";
import { imageSourcesOf } from "./image-urls.ts";
import { pictureBatch } from "./picture-batch.ts";
import { openPictureConnections, type PictureConnections } from "./picture-connections.ts";
import { importPictureFiles } from "./picture-files-import.ts";

export interface ImageRunOptions {
  /** The catalog the pictures are planned from. */
  catalogFile: string;
  capBytes: number;
  /** false plans and prunes without downloading (`images prune`). */
  download: boolean;
  /** The service's origin and a token for it, asked once a run; pictures elsewhere get no token. */
  auth?: () => Promise<{ origin: string; token: string } | null>;
  deadlines?: { firstByteMs: number; wholeAnswerMs: number };
  signal?: AbortSignal;
  onProgress?: (progress: ImageRunProgress) => void;
  /** Waits while the till answers a scan (workers/scan-gate.ts): called between two short steps. */
  yieldToScans?: () => Promise<void>;
}

export interface ImageRunProgress {
  /** Pictures this run set out to download, fetched and failed so far. */
  toFetch: number;
  fetched: number;
  failed: number;
}

export interface ImageRunSummary extends ImageRunProgress {
  /** Bytes downloaded this run. */
  downloadedBytes: number;
  /** Pictures deleted: no live product names them, or they are beyond the cap. */
  deleted: number;
  /** The cap left out pictures of older products. */
  capReached: boolean;
  cancelled: boolean;
}

export interface ImageCache {
  run(options: ImageRunOptions): Promise<ImageRunSummary>;
  /**
   * What the cache holds for this catalog's products, and why its last run stopped short (null when
   * it did not). The cache plans one catalog at a time: for any other, nothing is held and nothing
   * went wrong yet, nor for null (no catalog on the till). `bytes` is the whole cache's, against the cap.
   */
  status(catalogFile: string | null): Pick<ImageCacheStatus, "cached" | "wanted" | "bytes" | "problem">;
  /** The cached picture hash of each of these products of this catalog that has one. */
  pictures(catalogFile: string, productIds: readonly string[]): ProductPictures;
  /** The bytes of a cached picture; null for anything that is not exactly a hash the cache holds. */
  pictureBytes(hash: string): Buffer | null;
  /**
   * A new session begins (a sign-in, a move to another address): what the runs of the last one
   * failed, waited for or gave up is forgotten, so its next run asks for every missing picture.
   */
  forgetFailures(): void;
  /**
   * The catalog was removed from the till: its plan goes, and the pictures only it named; a catalog
   * downloaded anew at its place is another catalog.
   */
  forgetCatalog(catalogFile: string): void;
  close(): void;
}

/** Larger answers are refused while they stream: a product picture is tens of kilobytes. */
export const maxImageBytes = 5_000_000;
/** Pictures downloaded at once: enough to hide a host's latency, few enough to spare a shop's line. */
const concurrency = 4;
/** A failing picture is tried again after 10 minutes, doubling up to a day; given up after 5 tries. */
const retryBaseMs = 10 * 60_000;
const retryMaxMs = 24 * 3_600_000;
const maxFailures = 5;
/**
 * Products planned between two yields to the event loop: read in one transaction of the catalog and
 * written in one of the cache (about 10 ms of a worker's time, `npm run bench -- --only images`).
 */
const planBatch = 1000;
const defaultImageDeadlines = { firstByteMs: 30_000, wholeAnswerMs: 60_000 };

export function imageFolderOf(dataDir: string): string {
  return join(dataDir, "images");
}

export function openImageCache(deps: {
  dataDir: string;
  clock: () => number;
  /** The network: connections for one run, `perHost` at most to a host (picture-connections.ts). */
  connect?: (perHost: number) => PictureConnections;
}): ImageCache {
  const connect = deps.connect ?? openPictureConnections;
  const folder = imageFolderOf(deps.dataDir);
  try {
    makeDirectory(folder);
  } catch (error) {
    throw storageError(folder, error);
  }
  const file = join(folder, "cache.sqlite");
  const store = openImageCacheStore(file);
  try {
    importPictureFiles(folder, store);
  } catch (error) {
    store.close();
    throw storageError(folder, error);
  }

  /** Deletes the pictures no wanted picture refers to any more, counting them in the summary. */
  function release(summary: ImageRunSummary): void {
    summary.deleted += store.releaseUnreferenced().length;
  }

  /**
   * Brings the wanted pictures in line with the catalog's live products, reading only changed ones;
   * after a full sync, every one: it may have brought records that name their pictures elsewhere under
   * the versions planned (a fresh catalog of the same account, its service at another address). A
   * picture is kept only where its product names the same full address.
   */
  async function plan({ catalogFile, signal, yieldToScans }: ImageRunOptions): Promise<void> {
    if (store.run().catalog !== catalogFile) {
      // Another catalog (another account, another service): nothing of the last one's run holds.
      store.forgetAll();
      store.setCatalog(catalogFile);
      store.setProblem(null);
    }
    const reads = openCatalogPictureReads(catalogFile);
    try {
      const fullSync = reads.lastFullSync();
      const everyProduct = store.run().fullSync !== fullSync;
      const live = reads.liveVersions();
      const planned = store.plannedVersions();
      store.forget([...planned.keys()].filter((id) => !live.has(id)));
      // In id order, as the cache's tables are keyed: a batch's rows then share pages, and each
      // commit writes a few pages, not one a product (the plan's commits led its profile).
      const changed = [...live]
        .filter(([id, version]) => everyProduct || planned.get(id) !== version)
        .sort(byId);
      for (let start = 0; start < changed.length; start += planBatch) {
        if (start > 0) {
          await (yieldToScans?.() ?? nextTurn());
          signal?.throwIfAborted();
        }
        const part = changed.slice(start, start + planBatch);
        const images = reads.imagesOf(part.map(([id]) => id));
        store.plan(
          part.map(([id, version], index) => ({
            productId: id,
            updatedAt: version,
            sources: imageSourcesOf(images[index]),
            known: planned.has(id),
          })),
        );
      }
      store.setFullSync(fullSync);
    } finally {
      reads.close();
    }
  }

  async function run(options: ImageRunOptions): Promise<ImageRunSummary> {
    const summary: ImageRunSummary = {
      toFetch: 0,
      fetched: 0,
      failed: 0,
      downloadedBytes: 0,
      deleted: 0,
      capReached: false,
      cancelled: false,
    };
    try {
      await plan(options);
      const rows = store.ordered(deps.clock());
      if (options.download) await fetchOver(rows, options, summary);
      summary.capReached = keepWithinCap(rows, options.capBytes) || summary.capReached;
      release(summary);
      store.compact();
      store.setProblem(problemOf(summary, options.capBytes));
      return summary;
    } catch (error) {
      if (options.signal?.aborted) return { ...summary, cancelled: true };
      const failure = isAppError(error) ? error : storageError(file, error);
      store.setProblem(failure.message);
      throw failure;
    }
  }

  /** Downloads over connections of the run's own, closed when it ends however it ends. */
  async function fetchOver(rows: WantedRow[], options: ImageRunOptions, summary: ImageRunSummary) {
    const connections = connect(concurrency);
    try {
      await fetchWithinCap(rows, options, summary, connections);
    } finally {
      connections.close();
    }
  }

  /**
   * Downloads what is missing, in priority order, while the pictures kept so far fit in the cap. A
   * few downloads run at once, but their outcomes are counted in priority order, so which pictures
   * the cap keeps never depends on which download finished first. A picture whose size is known not
   * to fit is not downloaded again; one found too large on arrival is discarded. Lower-priority
   * pictures are evicted as newer ones arrive, so the cache stays within the cap during the run too.
   */
  async function fetchWithinCap(
    rows: WantedRow[],
    options: ImageRunOptions,
    summary: ImageRunSummary,
    connections: PictureConnections,
  ) {
    const cap = options.capBytes;
    const held = new Set<string>();
    let heldBytes = 0;
    let diskBytes = store.storedBytes();
    let tail = rows.length - 1;
    let full = false;
    const batch = pictureBatch(store, deps.clock);
    // Without a token (signed out, session ended) pictures that need none still download.
    const auth = (await options.auth?.().catch(() => null)) ?? null;
    /** Origins that could not be reached this run: their other pictures wait for the next run. */
    const away = new Set<string>();
    summary.toFetch = rows.filter((row) => row.hash === null && !row.waiting).length;
    const progress = () =>
      options.onProgress?.({ toFetch: summary.toFetch, fetched: summary.fetched, failed: summary.failed });
    progress();

    /** Evicts the lowest-priority cached pictures below `position` until the cache fits the cap. */
    const makeRoom = (position: number) => {
      // The pictures still in the batch count as new until the store says which are.
      if (diskBytes + batch.pendingBytes() > cap) diskBytes += batch.flush();
      for (; diskBytes > cap && tail > position; tail--) {
        const row = rows[tail] as WantedRow;
        if (row.hash === null || held.has(row.hash)) continue;
        store.evict(row);
        row.hash = null;
        release(summary);
        diskBytes = store.storedBytes();
      }
    };

    /** Counts one row, in priority order, once its download (if any) is over. */
    const settle = async (position: number, download: Promise<ImageDownload> | null) => {
      const row = rows[position] as WantedRow;
      if (download !== null) {
        const outcome = await download;
        if (!outcome.ok) {
          recordFailure(row, outcome.problem, summary, away);
          return;
        }
        const { productId, sizeKey, url } = row;
        diskBytes += batch.add(
          { row: { productId, sizeKey, url }, hash: outcome.hash, bytes: outcome.bytes },
          outcome.body,
        );
        [row.hash, row.bytes] = [outcome.hash, outcome.bytes];
        summary.fetched += 1;
        summary.downloadedBytes += outcome.bytes;
      }
      if (row.hash === null || held.has(row.hash)) return;
      if (full || heldBytes + (row.bytes ?? 0) > cap) {
        // Newer pictures fill the cap: this one and every older one stay out.
        full = true;
        // Recorded before it is evicted, or the batch would record it again afterwards.
        batch.flush();
        store.evict(row);
        row.hash = null;
        release(summary);
        diskBytes = store.storedBytes();
        return;
      }
      heldBytes += row.bytes ?? 0;
      held.add(row.hash);
      makeRoom(position);
    };

    const queue: { position: number; download: Promise<ImageDownload> | null }[] = [];
    let downloading = 0;
    const settleFirst = async () => {
      const first = queue.shift();
      if (first === undefined) return;
      if (first.download !== null) downloading -= 1;
      await settle(first.position, first.download);
      if (first.download !== null) progress();
    };
    for (let position = 0; position < rows.length && !full; position++) {
      if (options.signal?.aborted) break;
      const row = rows[position] as WantedRow;
      const wanted = row.hash === null && !row.waiting;
      if (wanted && row.bytes !== null && heldBytes + row.bytes > cap && downloading === 0) {
        full = true;
        break;
      }
      if (wanted) await options.yieldToScans?.();
      const unreachable = wanted && away.has(originOf(row.url));
      if (unreachable) recordAway(row, `${originOf(row.url)} could not be reached.`, summary);
      const download = wanted && !unreachable ? fetchPicture(row, options, auth, connections) : null;
      // A disk failure surfaces when its turn is settled; until then it must not count as unhandled.
      download?.catch(() => undefined);
      queue.push({ position, download });
      if (download !== null) downloading += 1;
      while (downloading >= concurrency || (queue[0]?.download ?? null) === null) {
        if (queue.length === 0) break;
        await settleFirst();
      }
    }
    while (queue.length > 0) await settleFirst();
    batch.flush();
    summary.capReached = full;
    options.signal?.throwIfAborted();
  }

  function fetchPicture(
    row: WantedRow,
    options: ImageRunOptions,
    auth: { origin: string; token: string } | null,
    connections: PictureConnections,
  ): Promise<ImageDownload> {
    return downloadImage({
      url: row.url,
      connections,
      auth,
      deadlines: options.deadlines ?? defaultImageDeadlines,
      maxBytes: maxImageBytes,
      signal: options.signal,
    });
  }

  /**
   * A failure is tried again later with a growing pause, or given up when retrying cannot help. A
   * host that could not be reached at all (the service away, the till offline) is no fault of the
   * picture: it is tried again at the next run, which follows a sync, so once the service answers.
   */
  function recordFailure(
    row: WantedRow,
    problem: ImageProblem,
    summary: ImageRunSummary,
    away: Set<string>,
  ): void {
    if (problem.kind === "cancelled") return;
    if (problem.kind === "unreachable") {
      away.add(originOf(row.url));
      recordAway(row, problem.message, summary);
      return;
    }
    summary.failed += 1;
    const failures = store.failures(row) + 1;
    const again = problem.retry && failures < maxFailures;
    store.failed(row, problem.message, again ? deps.clock() + retryDelay(failures) : null);
  }

  function recordAway(row: WantedRow, message: string, summary: ImageRunSummary): void {
    summary.failed += 1;
    store.away(row, message);
  }

  /**
   * The exact rule, applied once the downloads are done: walking the pictures in priority order, each
   * cached one stays while all kept so far fit in the cap; from the first that does not, none does.
   * true when pictures were left out.
   */
  function keepWithinCap(rows: WantedRow[], cap: number): boolean {
    const kept = new Set<string>();
    let bytes = 0;
    let full = false;
    for (const row of rows) {
      if (row.hash === null || kept.has(row.hash)) continue;
      if (!full && bytes + (row.bytes ?? 0) <= cap) {
        bytes += row.bytes ?? 0;
        kept.add(row.hash);
        continue;
      }
      full = true;
      store.evict(row);
      row.hash = null;
    }
    return full;
  }

  return {
    run,
    status(catalogFile) {
      const { cached, wanted, bytes } = store.counts();
      const { catalog, problem } = store.run();
      // A product id names a product within one catalog only, and another catalog's run is not this one's.
      if (catalog !== catalogFile) return { cached: 0, wanted: 0, bytes, problem: null };
      return { cached, wanted, bytes, problem };
    },
    pictures(catalogFile, productIds) {
      const pictures: ProductPictures = {};
      for (const { id, hash } of store.picturesOf(catalogFile, productIds)) pictures[id] = hash;
      return pictures;
    },
    pictureBytes: (hash) => (isImageHash(hash) ? store.body(hash) : null),
    forgetFailures() {
      try {
        store.forgetFailures();
      } catch (error) {
        throw storageError(file, error);
      }
    },
    forgetCatalog(catalogFile) {
      try {
        if (store.run().catalog !== catalogFile) return;
        store.forgetAll();
        store.setCatalog(null);
        store.setProblem(null);
        store.releaseUnreferenced();
        store.compact();
      } catch (error) {
        throw storageError(file, error);
      }
    },
    close: () => store.close(),
  };
}

const originOf = (url: string): string => URL.parse(url)?.origin ?? url;

const byId = ([a]: [string, number], [b]: [string, number]): number => (a < b ? -1 : a > b ? 1 : 0);

function retryDelay(failures: number): number {
  return Math.min(retryMaxMs, retryBaseMs * 2 ** (failures - 1));
}

/** What the status says about the last run, in words a shop manager can act on; null when all is well. */
function problemOf(summary: ImageRunSummary, capBytes: number): string | null {
  if (summary.capReached) {
    return `The picture cache is full (${Math.round(capBytes / 1_000_000)} MB): pictures of the products changed longest ago are left out. Raise the cap in the settings to keep more.`;
  }
  if (summary.failed > 0) {
    return `${summary.failed} product pictures could not be downloaded; they are tried again later. The products show without a picture meanwhile.`;
  }
  return null;
}
