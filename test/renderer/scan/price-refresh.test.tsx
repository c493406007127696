// An offer that ends (or begins) while an answer is on screen: the code is looked up again at that
// instant, quietly, and the card shows the price the till charges from then on. The lookups are
// answered by the real price rule at the (fake) clock's time, as the catalog would.
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLookup } from "../../../src/renderer/src/scan/use-lookup.ts";
import type { CatalogApi } from "../../../src/shared/ipc/catalog-api.ts";
import { answerFor, fixturePrices, mulledWine } from "../support/catalog-fixtures.ts";

afterEach(() => {
  vi.useRealTimers();
});

function catalogAtClock() {
  const lookup = vi.fn(async ({ code }: { code: string }) => ({
    ok: true as const,
    value: answerFor(code, [mulledWine], { ...fixturePrices, timeZone: "UTC", at: Date.now() }),
  }));
  return { api: { lookup } as unknown as CatalogApi, lookup };
}

describe("a price that changes while it is shown", () => {
  it("is looked up again when the offer ends, without a tone", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-30T23:59:00Z") });
    const { api, lookup } = catalogAtClock();
    const sound = { found: vi.fn(), notFound: vi.fn() };
    const { result } = renderHook(() => useLookup(api, sound));
    await act(() => result.current.lookup("4020000000011"));
    expect(result.current.answer?.price).toMatchObject({ source: "time-based", amount: { gross: 2.79 } });
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(lookup).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(result.current.answer?.price).toMatchObject({
      source: "default",
      amount: { gross: 3.99 },
      until: null,
    });
    expect(sound.found).toHaveBeenCalledTimes(1);
    // Nothing more is planned: no further lookups.
    await act(() => vi.advanceTimersByTimeAsync(86_400_000));
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it("is looked up again when an offer begins", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-19T23:59:59Z") });
    const { api } = catalogAtClock();
    const { result } = renderHook(() => useLookup(api, null));
    await act(() => result.current.lookup("4020000000011"));
    expect(result.current.answer?.price?.source).toBe("default");
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(result.current.answer?.price).toMatchObject({ source: "time-based", amount: { gross: 2.79 } });
  });

  it("leaves a newer scan's answer alone", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-30T23:59:59Z") });
    const { api } = catalogAtClock();
    const { result } = renderHook(() => useLookup(api, null));
    await act(() => result.current.lookup("4020000000011"));
    await act(() => result.current.lookup("0000000000000"));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(result.current.answer?.query).toBe("0000000000000");
  });
});
