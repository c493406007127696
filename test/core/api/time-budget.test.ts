// The arithmetic of one overall limit, on a clock the test moves: what is left, which retries still
// fit, waits said once over, and a silence counted from the first unanswered request.
import { describe, expect, it } from "vitest";
import { type LimitedWork, retryFits, startTimeBudget } from "../../../src/core/api/time-budget.ts";
import type { ServiceWait } from "../../../src/shared/catalog/service-wait.ts";

function budgetOn(totalMs: number, work: LimitedWork = "sync") {
  const clock = { at: 1_000_000 };
  const told: (ServiceWait | null)[] = [];
  const budget = startTimeBudget({
    work,
    totalMs,
    now: () => clock.at,
    onWaiting: (wait) => told.push(wait),
  });
  return { budget, clock, told };
}

const wait: ServiceWait = {
  host: "shop.example.com",
  phase: "no-answer",
  waitedSeconds: 10,
  giveUpSeconds: 140,
};

describe("a time budget", () => {
  it("counts down on its clock and never below zero", () => {
    const { budget, clock } = budgetOn(150_000);
    expect(budget.remainingMs()).toBe(150_000);
    clock.at += 60_500;
    expect(budget.remainingMs()).toBe(89_500);
    clock.at += 100_000;
    expect(budget.remainingMs()).toBe(0);
  });

  it("lets a retry start only when, after its wait, the first-byte deadline still fits", () => {
    const { budget, clock } = budgetOn(150_000);
    clock.at += 60_000;
    expect(retryFits(budget, 500, 60_000)).toBe(true);
    clock.at += 60_500;
    // 29.5 s left: a retry could not wait out its 60 s for the first byte.
    expect(retryFits(budget, 0, 60_000)).toBe(false);
    expect(retryFits(budget, 500, 29_000)).toBe(true);
    expect(retryFits(budget, 501, 29_000)).toBe(false);
  });

  it("passes waits on, and says the wait is over once, only after one", () => {
    const { budget, told } = budgetOn(70_000);
    budget.tell(null);
    budget.tell(wait);
    budget.tell(null);
    budget.tell(null);
    expect(told).toEqual([wait, null]);
  });

  it("says the waits of requests sent together once", () => {
    const { budget, clock, told } = budgetOn(150_000);
    budget.tell(wait);
    clock.at += 3;
    budget.tell({ ...wait, host: "other" });
    clock.at += 10_000;
    budget.tell({ ...wait, waitedSeconds: 20 });
    expect(told).toEqual([wait, { ...wait, waitedSeconds: 20 }]);
  });

  it("counts a silence from the first unanswered request until an answer comes", () => {
    const { budget } = budgetOn(150_000);
    expect(budget.silentSince(1_000)).toBe(1_000);
    expect(budget.silentSince(61_000)).toBe(1_000);
    budget.tell(null);
    expect(budget.silentSince(90_000)).toBe(90_000);
  });

  it("starts a sync's limit again with every whole answer, so a sync that keeps receiving goes on", () => {
    const { budget, clock } = budgetOn(150_000);
    for (let page = 0; page < 10; page++) {
      clock.at += 100_000;
      expect(budget.remainingMs()).toBe(50_000);
      budget.tell(null);
    }
    expect(budget.remainingMs()).toBe(150_000);
    clock.at += 150_000;
    expect(budget.remainingMs()).toBe(0);
  });

  it("keeps a sign-in's and a change of address's limit from their start, answers or not", () => {
    for (const work of ["sign-in", "move"] as const) {
      const { budget, clock } = budgetOn(70_000, work);
      clock.at += 50_000;
      budget.tell(null);
      expect(budget.remainingMs()).toBe(20_000);
    }
  });
});
