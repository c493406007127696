import { describe, expect, it } from "vitest";
import type { ProductsPageResult } from "../../../src/core/products-page.ts";
import { nextCheckpoint } from "../../../src/core/sync/keyset-step.ts";
import { beginRun, initialSyncState, parseSyncState } from "../../../src/core/sync/sync-state.ts";

const iso = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

function page(values: number[], size: number, withNext = values.length === size): ProductsPageResult {
  const received = values.map((second, index) => ({
    product: { updated_at: { iso: iso(second), unix: Date.parse(iso(second)) }, id: `p${index}` },
    raw: {},
  })) as unknown as ProductsPageResult["received"];
  const last = values.at(-1);
  return {
    received,
    rejected: [],
    count: values.length,
    next:
      withNext && last !== undefined
        ? { id: "x", updated_at: iso(last), page: 1, cursor_field: "updated_at" }
        : null,
    nextUrl: null,
  };
}

describe("nextCheckpoint", () => {
  it("asks from the last item's value, inclusive, at page 0 after a full page", () => {
    expect(nextCheckpoint({ from: null, page: 0, done: false }, page([1, 2, 3], 3), 3)).toEqual({
      from: iso(3),
      page: 0,
      done: false,
    });
  });

  it("moves to the next page only inside a run of equal values longer than a page", () => {
    const start = { from: iso(5), page: 0, done: false };
    const inRun = nextCheckpoint(start, page([5, 5, 5], 3), 3);
    expect(inRun).toEqual({ from: iso(5), page: 1, done: false });
    expect(nextCheckpoint(inRun, page([5, 5, 6], 3), 3)).toEqual({ from: iso(6), page: 0, done: false });
  });

  it("finishes on a short page, an empty page, or a page without next", () => {
    expect(nextCheckpoint({ from: iso(1), page: 0, done: false }, page([1, 2], 3), 3)).toEqual({
      from: iso(2),
      page: 0,
      done: true,
    });
    expect(nextCheckpoint({ from: iso(7), page: 2, done: false }, page([], 3), 3)).toEqual({
      from: iso(7),
      page: 0,
      done: true,
    });
    expect(nextCheckpoint({ from: null, page: 0, done: false }, page([1, 2, 3], 3, false), 3).done).toBe(
      true,
    );
  });

  it("falls back to the newest received record when the service sends no cursor value", () => {
    const withoutValue = { ...page([1, 4, 2], 3), next: { page: 1, cursor_field: "updated_at" } };
    expect(nextCheckpoint({ from: null, page: 0, done: false }, withoutValue, 3).from).toBe(iso(4));
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
      live: { from: iso(9), page: 2, done: false },
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
      live: { from: iso(9), page: 0, done: true },
      deleted: { from: iso(8), page: 0, done: true },
    };
    const { state } = beginRun(synced, false);
    expect(state.running).toBe("incremental");
    expect(state.generation).toBe(2);
    expect(state.live).toEqual({ from: iso(9), page: 0, done: false });
    expect(state.deleted).toEqual({ from: iso(8), page: 0, done: false });
  });

  it("restarts both walks under a new generation when a full sync is asked for", () => {
    const synced = {
      ...initialSyncState,
      generation: 2,
      lastFullSyncAt: iso(0),
      live: { from: iso(9), page: 0, done: true },
    };
    const { state } = beginRun(synced, true);
    expect(state).toMatchObject({
      running: "full",
      generation: 3,
      live: { from: null, page: 0, done: false },
    });
  });

  it("treats an unreadable stored state as a catalog never synced", () => {
    expect(parseSyncState({ version: 99 })).toEqual(initialSyncState);
    expect(parseSyncState(null)).toEqual(initialSyncState);
  });
});
