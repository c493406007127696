// Brings the local catalog level with the service: page by page, each page stored together with
// its checkpoint (a few pages to a commit, page-batches.ts), so a crash loses at most the pages not
// yet committed and the next run resumes from there.

import { performance } from "node:perf_hooks";
import type { BranchInfo } from "../../shared/api/branch.ts";
import type { ReferenceKind } from "../../shared/api/reference-data.ts";
import { AppError } from "../../shared/app-error.ts";
import type { SyncProgress } from "../../shared/catalog/sync-progress.ts";
import type { ListRead } from "../api/list-pages.ts";
import { throwIfCancelled } from "../cancellation.ts";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import type { PageInput } from "../catalog/catalog-writes.ts";
import type { ProductsPageResult, ProductsQuery } from "../products-page.ts";
import { clockToleranceMs, nextQuery, type PageRequest, walkStep } from "./keyset-step.ts";
import { pageBatches } from "./page-batches.ts";
import { checkRemovalEvidence, receivedLimit } from "./sync-evidence.ts";
import { beginRun, parseSyncState, type StreamCheckpoint, type SyncState } from "./sync-state.ts";

/** The service as the sync engine sees it, already signed in. */
export interface ProductsSource {
  /** `onSent`: told once the request is on its way (written, or its attempt over without it). */
  fetchPage(query: ProductsQuery, signal?: AbortSignal, onSent?: () => void): Promise<ProductsPageResult>;
  total(filters: { deleted: boolean }, signal?: AbortSignal): Promise<number>;
  /** The account's branches; null when the service has no list; absent on a source that has none. */
  branches?(signal?: AbortSignal): Promise<BranchInfo[] | null>;
  /** One list of reference data, as received; absent on a source that has none. */
  referenceList?(kind: ReferenceKind, signal?: AbortSignal): Promise<ListRead>;
}

export type SyncTarget = Pick<
  CatalogStore,
  "applyPages" | "finishFullSync" | "readSyncState" | "writeSyncState" | "counts" | "countSeen"
>;

export interface SyncSummary {
  mode: "full" | "incremental";
  resumed: boolean;
  /** Valid records received, both streams; a product changed twice during the run counts twice. */
  received: number;
  /** Of those, the ones from the deleted stream: deletions applied, never kept as products. */
  deletions: number;
  rejected: number;
  removed: number;
  pages: number;
  products: number;
  serverTotal: number | null;
  /** True when the local live count differs from the service's: a full sync repairs it. */
  mismatch: boolean;
  finishedAt: string;
}

export interface SyncOptions {
  source: ProductsSource;
  store: SyncTarget;
  clock: () => number;
  full?: boolean;
  pageSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /**
   * How long this thread has been idle so far, in ms (default: the event loop's own count): what a
   * sync waited for the link, as against the time it spent reading pages.
   */
  idleMs?: () => number;
  /**
   * Waits while the till answers a scan (workers/scan-gate.ts): a page is stored in short pieces,
   * each after this resolves. Without it, pages are stored several to a commit (page-batches.ts).
   */
  yieldToScans?: () => Promise<void>;
}

export const defaultPageSize = 1000;

export async function runSync(options: SyncOptions): Promise<SyncSummary> {
  const stored = parseSyncState(await options.store.readSyncState());
  return syncFrom(stored, options);
}

async function syncFrom(stored: SyncState, options: SyncOptions): Promise<SyncSummary> {
  // The read-ahead lives no longer than the run: when the run ends for any reason (cancelled, a
  // refused page, a full disk), the request already on its way is aborted, not left to finish.
  const run = new AbortController();
  const signal = options.signal === undefined ? run.signal : AbortSignal.any([options.signal, run.signal]);
  try {
    return await walk(stored, { ...options, signal });
  } finally {
    run.abort();
  }
}

async function walk(stored: SyncState, options: SyncOptions): Promise<SyncSummary> {
  const { source, store, clock, signal } = options;
  const idleMs = options.idleMs ?? (() => performance.eventLoopUtilization().idle);
  const size = options.pageSize ?? defaultPageSize;
  const started = clock();
  const begun = beginRun(stored, options.full ?? false);
  let state = begun.state;
  await store.writeSyncState(state);
  const mode = state.running ?? "incremental";
  // The two counts and the first page are asked for at once: one round trip instead of three, which
  // is most of an incremental sync that finds little to do.
  const counting = Promise.all([
    source.total({ deleted: false }, signal).catch(() => null),
    source.total({ deleted: true }, signal).catch(() => null),
  ]);
  // The next request is known as soon as a page arrives, so it is sent before the page is stored:
  // the service prepares page N+1 while SQLite stores page N (or the batch it completes).
  let pending = nextRequest(state, size, source, signal);
  const [liveTotal, deletedTotal] = await counting;
  const totals = { live: liveTotal, deleted: deletedTotal };
  // Only when the service gave no count does what the till knew stand in for it.
  const known =
    totals.live !== null && totals.deleted !== null
      ? null
      : (stored.serverTotal ?? (await store.counts()).products);
  const limits = {
    live: receivedLimit(totals.live, size, known),
    deleted: receivedLimit(totals.deleted, size, known),
  };
  const tally: Tally = { received: 0, deletions: 0, rejected: 0, pages: 0 };
  const kept = { live: 0, deleted: 0 };
  const batches = pageBatches({ ...options, startedAt: started });
  /** Stores the batch held and counts it in: progress only ever reports what is committed. */
  const storeBatch = async () => {
    const stored = await batches.store();
    const last = stored.at(-1);
    if (last === undefined) return;
    for (const input of stored) countStored(tally, input);
    const stream = last.removeReceived ? "deleted" : "live";
    options.onProgress?.(progressOf(mode, stream, tally, totals.live, clock() - started));
  };

  try {
    while (pending !== null) {
      throwIfCancelled(signal, "The sync was cancelled. It will resume where it stopped.");
      const { stream } = pending;
      const idleBefore = idleMs();
      const page = await pending.page;
      const now = clock();
      // Idle, not elapsed: reading and checking the page runs on this thread while it is awaited.
      const arrival = { at: now, waitedMs: idleMs() - idleBefore };
      const step = walkStep(pending.checkpoint, pending.query, page, now);
      // A page that keeps nothing still counts once: a walk that goes back and forth through a run of
      // equal instants (an upstream whose records keep moving) ends within the same limit.
      kept[stream] += Math.max(1, step.received.length + step.rejected.length);
      if (kept[stream] > limits[stream]) throw tooManyRecords(totals[stream]);
      const before = state;
      state = { ...state, [stream]: step.checkpoint };
      pending = nextRequest(state, size, source, signal);
      const input = {
        received: step.received,
        rejected: step.rejected,
        removeReceived: stream === "deleted",
        generation: state.generation,
        syncState: state,
        trustedUntilMs: (page.serverTimeMs ?? now) + clockToleranceMs,
      };
      batches.add(input, before, arrival);
      if (!batches.due() && pending !== null) continue;
      // The commit holds the thread: the next request must be on the wire before it starts, or the
      // service would not see it until the batch is stored and the two would not overlap at all.
      await pending?.sent;
      await storeBatch();
    }
  } catch (error) {
    // Cancelled, a page refused, the service gone: the pages that did arrive are kept.
    await storeBatch().catch(() => undefined);
    throw error;
  }
  return finish({ ...options, state, mode, resumed: begun.resumed, tally, liveTotalAtStart: totals.live });
}

type Tally = { received: number; deletions: number; rejected: number; pages: number };

function countStored(tally: Tally, input: PageInput): void {
  tally.received += input.received.length;
  if (input.removeReceived) tally.deletions += input.received.length;
  tally.rejected += input.rejected.length;
  tally.pages += 1;
}

interface PendingPage {
  stream: "live" | "deleted";
  checkpoint: StreamCheckpoint;
  query: PageRequest;
  page: Promise<ProductsPageResult>;
  /** Settles once the request is on its way, or its answer (or failure) is in. */
  sent: Promise<void>;
}

/** Starts the request that comes after `state`: the live walk first, then the deleted one. */
function nextRequest(
  state: SyncState,
  size: number,
  source: ProductsSource,
  signal: AbortSignal | undefined,
): PendingPage | null {
  const stream = !state.live.done ? "live" : !state.deleted.done ? "deleted" : null;
  if (stream === null) return null;
  const checkpoint = state[stream];
  const query = nextQuery(checkpoint, size, stream === "deleted");
  let markSent = () => {};
  const onSent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const page = source.fetchPage(query, signal, markSent);
  // Its failure is reported when it is awaited; until then it must not count as unhandled.
  const settled = page.then(
    () => undefined,
    () => undefined,
  );
  return { stream, checkpoint, query, page, sent: Promise.race([onSent, settled]) };
}

function tooManyRecords(total: number | null): AppError {
  const past =
    total === null
      ? "far more than the catalog holds (it did not say how many it has)"
      : `past the ${total} it counts`;
  return new AppError(
    "invalid-response",
    `The commerce service kept sending products ${past}, so the sync stopped. ` +
      "What arrived before is kept. Try again later; if it keeps happening, the service needs fixing.",
  );
}

async function finish(
  input: SyncOptions & {
    state: SyncState;
    mode: "full" | "incremental";
    resumed: boolean;
    tally: Tally;
    liveTotalAtStart: number | null;
  },
): Promise<SyncSummary> {
  const { source, store, clock, state, mode, signal } = input;
  const finishedAt = new Date(clock()).toISOString();
  const serverTotal = await source.total({ deleted: false }, signal).catch(() => null);
  const finished: SyncState = { ...state, running: null, lastSyncAt: finishedAt, serverTotal };
  let removed = 0;
  let products: number;
  if (mode === "full") {
    const seen = await store.countSeen(state.generation);
    const held = await store.counts();
    // Records set aside were listed too; and with nothing to remove there is nothing to refuse.
    const unseen = held.products - seen;
    const listed = seen + held.quarantined;
    const refusal =
      unseen === 0
        ? null
        : checkRemovalEvidence({ seen: listed, totals: [input.liveTotalAtStart, serverTotal] });
    if (refusal !== null) {
      // The walk's upserts stay; the sweep waits for a walk that agrees with the service's count.
      await store.writeSyncState(finished);
      throw refusal;
    }
    const full = { ...finished, lastFullSyncAt: finishedAt };
    removed = (await store.finishFullSync({ generation: state.generation, syncState: full })).removed;
    // Counting a million products again takes a second: the sweep removed exactly the unseen ones.
    products = held.products - removed;
  } else {
    await store.writeSyncState(finished);
    ({ products } = await store.counts());
  }
  return {
    mode,
    resumed: input.resumed,
    ...input.tally,
    removed,
    products,
    serverTotal,
    mismatch: serverTotal !== null && serverTotal !== products,
    finishedAt,
  };
}

function progressOf(
  mode: "full" | "incremental",
  stream: "live" | "deleted",
  tally: { received: number; rejected: number; pages: number },
  total: number | null,
  elapsedMs: number,
): SyncProgress {
  const done = tally.received + tally.rejected;
  const perSecond = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const canEstimate = mode === "full" && stream === "live" && total !== null && perSecond > 0;
  const etaSeconds = canEstimate ? Math.max(0, (total - done) / perSecond) : null;
  return { mode, stream, done, total, pages: tally.pages, perSecond, etaSeconds };
}
