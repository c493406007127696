// Pages stored several to a transaction when the store, not the link, is what the sync waits for.
// A commit writes every database page its products touched to the journal, and at a million
// products a page of them touches index pages all over the file, nearly one per product: eight pages
// in one commit write most of those index pages once instead of up to eight times. A first sync of
// a million took about 83 s of CPU instead of 116 s. A writer's cache large enough for those
// indexes saved about 7% more, for 30-230 MB more memory, and was not kept (docs/benchmarks.md).
// Holding pages gives up hiding a page's store behind the next page's way, so it pays only while a
// page comes in under half the time storing one takes (judged by the event loop's idle time while a
// page is awaited): from a service 50 ms away, pages held up to a whole page's store made a sync of
// 100k 1.5x slower. Otherwise each page is stored as it comes, while the next is on its way. In the
// desktop app's worker, where scans come first, a page is stored as before: in pieces of 200
// records, each a commit of its own with a look at the scan gate before it (a commit of eight pages
// held the worker's core long enough to put the scan p99 over its goal, docs/benchmarks.md).
// Each page saves its own checkpoint inside the transaction, so whatever commits is a whole
// beginning of the walk, and a sync that stops for any reason stores what it holds first.
import type { CatalogStore } from "../catalog/catalog-store.ts";
import type { PageInput } from "../catalog/catalog-writes.ts";

/** A batch is stored once it holds this many pages, or this many records (a large page goes alone)... */
export const batchPages = 8;
export const batchRecords = 8000;
/**
 * ...or before its first page would wait longer than this for its commit, judged by how long the
 * last page took to come.
 */
const batchWaitMs = 2000;
/**
 * With scans first, the records stored in one piece: about a fifth of a page's write, so the worker
 * looks at the scan gate every 10-15 ms of its core. Each piece is a commit of its own: pieces of
 * 100 cost a 20k sync a tenth more CPU (docs/benchmarks.md).
 */
const piecePerScanYield = 200;

export interface PageArrival {
  /** The clock when the page was there. */
  at: number;
  /** How long the sync sat idle waiting for it. */
  waitedMs: number;
}

export interface PageBatches {
  /** `before`: the checkpoint the catalog has without this page. */
  add(input: PageInput, before: unknown, arrival: PageArrival): void;
  /** Whether to store the batch now rather than wait for another page. */
  due(): boolean;
  /** Stores what the batch holds, in order; resolves with those pages. */
  store(): Promise<PageInput[]>;
}

/** `startedAt`: when the sync asked for its first page. */
export function pageBatches(options: {
  store: Pick<CatalogStore, "applyPages">;
  /** Waits while the till answers a scan (workers/scan-gate.ts); with it, pages go one at a time. */
  yieldToScans?: () => Promise<void>;
  clock: () => number;
  startedAt: number;
}): PageBatches {
  let held: { input: PageInput; before: unknown }[] = [];
  let records = 0;
  let firstAt = 0;
  let last = { at: options.startedAt, tookMs: 0 };
  // What storing a page took last time; unknown until the first page, which is stored alone.
  let storeMsPerPage: number | null = null;
  // How long a page takes to come, as last seen while pages were held; unknown until then.
  let linkMs: number | null = null;
  let linkSlower = false;
  const linkLastSeenSlower = () => linkMs !== null && storeMsPerPage !== null && linkMs > storeMsPerPage / 2;
  return {
    add(input, before, arrival) {
      if (held.length > 0) {
        // While pages are held, the idle wait is the page's whole way, none of it hidden.
        linkMs = arrival.waitedMs;
        linkSlower = linkLastSeenSlower();
      } else {
        // Right after a store, the page was on its way during it: any idle wait at all (over a
        // millisecond) was time the link took beyond the store; none, and the last look decides.
        linkSlower = arrival.waitedMs > 1 || linkLastSeenSlower();
      }
      if (held.length === 0) firstAt = arrival.at;
      last = { at: arrival.at, tookMs: arrival.at - last.at };
      held.push({ input, before });
      records += input.received.length + input.rejected.length;
    },
    due: () =>
      options.yieldToScans !== undefined ||
      held.length >= batchPages ||
      records >= batchRecords ||
      storeMsPerPage === null ||
      linkSlower ||
      (held.length > 0 && last.at - firstAt + last.tookMs >= batchWaitMs),
    async store() {
      // Taken out first: a batch that fails to store is not stored again by the next call.
      const taken = held;
      held = [];
      records = 0;
      if (taken.length === 0) return [];
      const started = options.clock();
      await storeInOrder(options, taken);
      storeMsPerPage = (options.clock() - started) / taken.length;
      return taken.map(({ input }) => input);
    },
  };
}

async function storeInOrder(
  { store, yieldToScans }: { store: Pick<CatalogStore, "applyPages">; yieldToScans?: () => Promise<void> },
  taken: { input: PageInput; before: unknown }[],
): Promise<void> {
  if (yieldToScans === undefined) return store.applyPages(taken.map(({ input }) => input));
  for (const piece of taken.flatMap(pieces)) {
    await yieldToScans();
    await store.applyPages([piece]);
  }
}

/**
 * A page in pieces, each a place to let a scan go first. Every piece but the last keeps the
 * checkpoint from before the page, so a sync stopped between two of them fetches the page again;
 * storing a record twice leaves it as once (it is keyed by its id).
 */
function pieces({ input, before }: { input: PageInput; before: unknown }): PageInput[] {
  const { received } = input;
  const result: PageInput[] = [];
  for (let start = 0; start + piecePerScanYield < received.length; start += piecePerScanYield)
    result.push({
      ...input,
      received: received.slice(start, start + piecePerScanYield),
      rejected: [],
      syncState: before,
    });
  const last = Math.max(0, Math.ceil(received.length / piecePerScanYield) - 1) * piecePerScanYield;
  result.push({ ...input, received: received.slice(last) });
  return result;
}
