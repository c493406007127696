import { describe, expect, it } from "vitest";
import { recordPosition } from "../../../src/core/api/record-position.ts";
import type { ProductsPageResult } from "../../../src/core/products-page.ts";
import { clockToleranceMs, nextQuery, walkStep } from "../../../src/core/sync/keyset-step.ts";
import {
  beginRun,
  initialSyncState,
  parseSyncState,
  type StreamCheckpoint,
} from "../../../src/core/sync/sync-state.ts";

const iso = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const now = Date.UTC(2026, 0, 2);

/** A page of records given as [second, id]; `next` present when the page is full unless told. */
function page(
  records: [number, string][],
  size: number,
  withNext = records.length === size,
): ProductsPageResult {
  const raws = records.map(([second, id]) => ({
    deleted: false,
    id,
    updated_at: { iso: iso(second), unix: Date.parse(iso(second)) },
  }));
  const last = records.at(-1);
  return {
    received: raws.map((raw) => ({ product: raw, raw })) as unknown as ProductsPageResult["received"],
    rejected: [],
    count: records.length,
    positions: raws.map(recordPosition),
    next:
      withNext && last
        ? { id: last[1], updated_at: iso(last[0]), page: 1, cursor_field: "updated_at" }
        : null,
    serverTimeMs: now,
  };
}

const start: StreamCheckpoint = { from: null, after: null, seen: 0, done: false };
const at = (second: number, after: string, seen: number): StreamCheckpoint => ({
  from: iso(second),
  after,
  seen,
  done: false,
});
const ids = (step: ReturnType<typeof walkStep>) => step.received.map((item) => item.product.id);

describe("walkStep", () => {
  it("moves to the last record's position and counts the records at its instant", () => {
    const step = walkStep(
      start,
      { page: 0, size: 3, deleted: false },
      page(
        [
          [1, "a"],
          [2, "b"],
          [2, "c"],
        ],
        3,
      ),
      now,
    );
    expect(step.checkpoint).toEqual(at(2, "c", 2));
    expect(ids(step)).toEqual(["a", "b", "c"]);
  });

  it("keeps only records after its position, and moves through a run of equal instants", () => {
    const inRun = walkStep(
      at(2, "c", 2),
      { page: 0, size: 3, deleted: false },
      page(
        [
          [2, "b"],
          [2, "c"],
          [2, "d"],
        ],
        3,
      ),
      now,
    );
    expect(inRun.checkpoint).toEqual(at(2, "d", 3));
    expect(ids(inRun)).toEqual(["d"]);
    const out = walkStep(
      inRun.checkpoint,
      nextQuery(inRun.checkpoint, 3, false),
      page(
        [
          [2, "d"],
          [5, "e"],
        ],
        2,
        false,
      ),
      now,
    );
    expect(out.checkpoint).toEqual({ ...at(5, "e", 1), done: true });
    expect(ids(out)).toEqual(["e"]);
  });

  it("asks for a page that holds the last committed record, whatever the page size", () => {
    expect(nextQuery(at(2, "x", 0), 50, false)).toEqual({ page: 0, size: 50, first: iso(2), deleted: false });
    expect(nextQuery(at(2, "x", 120), 50, false)).toEqual({
      page: 2,
      size: 50,
      first: iso(2),
      deleted: false,
    });
    // 100 would fall on a page boundary at 50: one less per page puts the boundary elsewhere.
    expect(nextQuery(at(2, "x", 100), 50, false)).toEqual({
      page: 2,
      size: 49,
      first: iso(2),
      deleted: false,
    });
  });

  it("finishes on a short page, an empty page, or a page without next", () => {
    expect(
      walkStep(at(7, "z", 1), { page: 0, size: 3, deleted: false }, page([], 3), now).checkpoint,
    ).toEqual({
      ...at(7, "z", 1),
      done: true,
    });
    expect(
      walkStep(
        start,
        { page: 0, size: 3, deleted: false },
        page(
          [
            [1, "a"],
            [2, "b"],
            [3, "c"],
          ],
          3,
          false,
        ),
        now,
      ).checkpoint.done,
    ).toBe(true);
  });

  it("refuses a full page that does not move the walk on", () => {
    const again = page(
      [
        [2, "b"],
        [2, "c"],
      ],
      2,
    );
    expect(() => walkStep(at(2, "c", 2), { page: 0, size: 2, deleted: false }, again, now)).toThrow(
      /same products again/,
    );
  });

  it("refuses records out of order, repeated, or before the instant asked from", () => {
    expect(() =>
      walkStep(
        start,
        { page: 0, size: 3, deleted: false },
        page(
          [
            [2, "a"],
            [1, "b"],
          ],
          3,
        ),
        now,
      ),
    ).toThrow(/out of order/);
    expect(() =>
      walkStep(
        start,
        { page: 0, size: 3, deleted: false },
        page(
          [
            [1, "a"],
            [1, "a"],
          ],
          3,
        ),
        now,
      ),
    ).toThrow(/out of order/);
    expect(() =>
      walkStep(at(5, "x", 1), { page: 0, size: 3, deleted: false }, page([[4, "a"]], 3), now),
    ).toThrow(/out of order/);
  });

  it("refuses a record or cursor dated beyond the service's clock plus the tolerance", () => {
    const future = page([[1, "a"]], 3);
    future.serverTimeMs = Date.parse(iso(1)) - clockToleranceMs - 1;
    expect(() => walkStep(start, { page: 0, size: 3, deleted: false }, future, now)).toThrow(
      /later than its own clock/,
    );
    const farCursor = page(
      [
        [1, "a"],
        [2, "b"],
        [3, "c"],
      ],
      3,
    );
    farCursor.next = { page: 1, cursor_field: "updated_at", updated_at: "9999-12-31T23:59:59.999Z" };
    expect(() => walkStep(start, { page: 0, size: 3, deleted: false }, farCursor, now)).toThrow(/9999-12-31/);
  });

  it("refuses a live product in the deleted stream, and a deleted one in the live stream", () => {
    const live = page([[1, "a"]], 3);
    expect(() => walkStep(start, { page: 0, size: 3, deleted: true }, live, now)).toThrow(/other kind/);
    const gone = page([[1, "a"]], 3);
    (gone.received[0] as { product: { deleted: boolean } }).product.deleted = true;
    expect(() => walkStep(start, { page: 0, size: 3, deleted: false }, gone, now)).toThrow(/other kind/);
  });

  it("reaches back through a run when records moved up behind it", () => {
    // Seen 4 of the run at 2 (up to "d"); page 1 of size 3 starts at offset 3 and should hold "d".
    const shifted = page(
      [
        [2, "f"],
        [2, "g"],
        [2, "h"],
      ],
      3,
    );
    const step = walkStep(at(2, "d", 4), { page: 1, size: 3, deleted: false }, shifted, now);
    expect(step.checkpoint).toEqual(at(2, "d", 3));
    // The next request straddles offset 3, so it holds the record before it too.
    expect(nextQuery(step.checkpoint, 3, false)).toMatchObject({ page: 1, size: 2 });
    expect(step.received).toEqual([]);
  });

  it("reaches back when the run shrank so far behind it that the page asked for is empty", () => {
    // Seen all 3 of the run at 5 (up to "p251"); since then "p251" was deleted and "p031" changed to
    // a later instant. The run at 5 holds one record now: page 1 of size 2 (offset 2) is empty, yet
    // "p031" waits after it. An empty page there proves nothing: the walk reaches back.
    const step = walkStep(at(5, "p251", 3), { page: 1, size: 2, deleted: false }, page([], 2), now);
    expect(step.checkpoint).toEqual(at(5, "p251", 2));
    expect(nextQuery(step.checkpoint, 1, false)).toMatchObject({ page: 0 });
    const from = walkStep(
      step.checkpoint,
      { page: 0, size: 3, deleted: false },
      page(
        [
          [5, "p137"],
          [9, "p031"],
        ],
        3,
      ),
      now,
    );
    expect(ids(from)).toEqual(["p031"]);
    expect(from.checkpoint.done).toBe(true);
  });

  it("goes on from its place when the page it reached back to ends at the last committed record", () => {
    // Seen 3 of the run at 2 (up to "c"); the last record was dated far ahead, then the service
    // dated it back: the page reached back to holds "c" again, as its last record, and nothing new.
    const reached = page(
      [
        [2, "a"],
        [2, "b"],
        [2, "c"],
      ],
      3,
    );
    const step = walkStep(at(2, "c", 2), { page: 0, size: 3, deleted: false }, reached, now);
    expect(step.checkpoint).toEqual(at(2, "c", 3));
    expect(step.received).toEqual([]);
    expect(nextQuery(step.checkpoint, 1, false)).toMatchObject({ page: 1, size: 2 });
  });
});

describe("beginRun", () => {
  it("starts with a full sync when the catalog was never fully synced", () => {
    const { state, resumed } = beginRun(initialSyncState, false);
    expect(resumed).toBe(false);
    expect(state.running).toBe("full");
    expect(state.generation).toBe(1);
  });

  it("resumes a run left behind by a crash, keeping its checkpoints", () => {
    const crashed = {
      ...initialSyncState,
      running: "full" as const,
      generation: 3,
      live: { from: iso(9), after: "p2", seen: 7, done: false },
    };
    const { state, resumed } = beginRun(crashed, false);
    expect(resumed).toBe(true);
    expect(state).toEqual(crashed);
    expect(beginRun(crashed, true).state).toEqual(crashed);
  });

  it("continues incrementally from the checkpoints once a full sync has finished", () => {
    const synced = {
      ...initialSyncState,
      generation: 2,
      lastFullSyncAt: iso(0),
      live: { from: iso(9), after: "a", seen: 1, done: true },
      deleted: { from: iso(8), after: "b", seen: 2, done: true },
    };
    const { state } = beginRun(synced, false);
    expect(state.running).toBe("incremental");
    expect(state.generation).toBe(2);
    expect(state.live).toEqual({ from: iso(9), after: "a", seen: 1, done: false });
    expect(state.deleted).toEqual({ from: iso(8), after: "b", seen: 2, done: false });
  });

  it("restarts both walks under a new generation when a full sync is asked for", () => {
    const synced = {
      ...initialSyncState,
      generation: 2,
      lastFullSyncAt: iso(0),
      live: { from: iso(9), after: "a", seen: 1, done: true },
    };
    const { state } = beginRun(synced, true);
    expect(state).toMatchObject({
      running: "full",
      generation: 3,
      live: { from: null, after: null, seen: 0, done: false },
    });
  });

  it("treats an unreadable stored state as a catalog never synced", () => {
    expect(parseSyncState({ version: 99 })).toEqual(initialSyncState);
    expect(parseSyncState(null)).toEqual(initialSyncState);
  });

  it("reads a version 1 state, asking again from its instants, whatever page it had reached", () => {
    const old = {
      version: 1,
      running: "full",
      generation: 4,
      live: { from: iso(9), page: 3, done: false },
      deleted: { from: null, page: 0, done: false },
      lastSyncAt: null,
      lastFullSyncAt: null,
      serverTotal: 12,
    };
    expect(parseSyncState(old)).toEqual({
      ...old,
      version: 2,
      live: { from: iso(9), after: null, seen: 0, done: false },
      deleted: { from: null, after: null, seen: 0, done: false },
    });
  });
});
