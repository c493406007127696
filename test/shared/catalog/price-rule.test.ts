// The price rule as tables: each source, the edges of an offer at its first and last instant, offers
// given as dates across a summer-time change, other currencies, and the service contradicting itself;
// then properties over any price lists: the answer is always one of the product's own prices, and
// without branch, offer or tier it is the price the till showed before branches existed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Product } from "../../../src/shared/api/product.ts";
import { localDayStart } from "../../../src/shared/catalog/local-day.ts";
import { type PriceContext, pricePerPiece, resolvePrice } from "../../../src/shared/catalog/price-rule.ts";

type Prices = NonNullable<Product["prices"]>;
const eur = (gross: number, currency = "EUR") => ({ amount: { net: gross / 1.19, gross }, currency });
const till = (fields: Partial<PriceContext> = {}): PriceContext => ({
  branch: null,
  currency: null,
  at: Date.parse("2026-11-20T12:00:00Z"),
  timeZone: "Europe/Berlin",
  ...fields,
});
const offer = (start: string | null, end: string | null, gross: number, currency = "EUR") => ({
  time_range: { start, end },
  prices: [eur(gross, currency)],
});

const catalogPrices: Prices = {
  default_prices: [eur(3.99)],
  branch_prices: [
    { branch: "berlin", prices: [eur(3.49)] },
    { branch: "7", prices: [eur(3.29)] },
  ],
  scaled_prices: [
    { qty: 6, prices: [eur(2.99)] },
    { qty: 12, prices: [eur(2.49)] },
  ],
  time_based_prices: [offer("2026-11-20T08:00:00Z", "2026-11-30T22:00:00Z", 2.79)],
};

describe("which price the till charges", () => {
  it.each([
    [
      "no branch, before the offer: the default",
      till({ at: Date.parse("2026-11-19T12:00:00Z") }),
      "default",
      3.99,
    ],
    [
      "its branch, before the offer: the branch's",
      till({ branch: "berlin", at: Date.parse("2026-11-19T12:00:00Z") }),
      "branch",
      3.49,
    ],
    [
      "a branch the product has no price for: the default",
      till({ branch: "hamburg", at: Date.parse("2026-11-19T12:00:00Z") }),
      "default",
      3.99,
    ],
    [
      "a numbered branch typed as text",
      till({ branch: "7", at: Date.parse("2026-11-19T12:00:00Z") }),
      "branch",
      3.29,
    ],
    ["during the offer, whatever the branch", till({ branch: "berlin" }), "time-based", 2.79],
    ["at the offer's first instant", till({ at: Date.parse("2026-11-20T08:00:00Z") }), "time-based", 2.79],
    ["a millisecond before it", till({ at: Date.parse("2026-11-20T08:00:00Z") - 1 }), "default", 3.99],
    ["at its last millisecond", till({ at: Date.parse("2026-11-30T22:00:00Z") - 1 }), "time-based", 2.79],
    [
      "at its end instant: over",
      till({ branch: "berlin", at: Date.parse("2026-11-30T22:00:00Z") }),
      "branch",
      3.49,
    ],
  ])("%s", (_, context, source, gross) => {
    const price = resolvePrice(catalogPrices, context);
    expect(price).toMatchObject({ source, currency: "EUR", amount: { gross } });
  });

  it("says until when the price holds: the offer's end, or the start of the next one", () => {
    expect(resolvePrice(catalogPrices, till())?.until).toBe("2026-11-30T22:00:00.000Z");
    const before = resolvePrice(catalogPrices, till({ at: Date.parse("2026-11-01T00:00:00Z") }));
    expect(before?.until).toBe("2026-11-20T08:00:00.000Z");
    const after = resolvePrice(catalogPrices, till({ at: Date.parse("2026-12-01T00:00:00Z") }));
    expect(after?.until).toBeNull();
  });

  it("lists the quantity tiers below the price, and charges per piece by the tier reached", () => {
    const price = resolvePrice(catalogPrices, till({ at: Date.parse("2026-11-19T12:00:00Z") }));
    if (price === null) throw new Error("no price");
    expect(price.tiers.map((tier) => [tier.qty, tier.amount.gross])).toEqual([
      [6, 2.99],
      [12, 2.49],
    ]);
    expect([1, 5, 6, 11, 12, 100].map((qty) => pricePerPiece(price, qty).gross)).toEqual([
      3.99, 3.99, 2.99, 2.99, 2.49, 2.49,
    ]);
  });

  it("leaves out the tiers an offer already beats", () => {
    const price = resolvePrice(catalogPrices, till());
    expect(price?.tiers.map((tier) => tier.qty)).toEqual([12]);
  });

  it("counts only prices in the till's currency", () => {
    const prices: Prices = {
      default_prices: [eur(3.99), eur(3.5, "CHF")],
      branch_prices: [{ branch: "zurich", prices: [eur(3.2, "CHF")] }],
      scaled_prices: [{ qty: 2, prices: [eur(1, "CHF")] }],
      time_based_prices: [offer(null, null, 0.5, "CHF")],
    };
    const inEuros = resolvePrice(prices, till({ branch: "zurich" }));
    expect(inEuros).toMatchObject({ source: "default", currency: "EUR", amount: { gross: 3.99 }, tiers: [] });
    expect(inEuros?.until).toBeNull();
    const inFrancs = resolvePrice(prices, till({ branch: "zurich", currency: "CHF" }));
    expect(inFrancs).toMatchObject({ source: "time-based", currency: "CHF", amount: { gross: 0.5 } });
    expect(resolvePrice(prices, till({ currency: "GBP" }))).toBeNull();
  });

  it("takes the currency of the first default price when the till has none set", () => {
    const prices: Prices = { default_prices: [eur(4.2, "CHF"), eur(3.99)] };
    expect(resolvePrice(prices, till())).toMatchObject({ currency: "CHF", amount: { gross: 4.2 } });
  });

  it("has no price for a product without prices", () => {
    expect(resolvePrice(null, till())).toBeNull();
    expect(resolvePrice({ default_prices: [] }, till())).toBeNull();
    expect(resolvePrice({ default_prices: [{ amount: null, currency: "EUR" }] }, till())).toBeNull();
  });
});

describe("offers given as dates: whole days in the till's time zone", () => {
  // Summer time in Berlin ends on 25 October 2026 at 03:00 (back to 02:00): that day has 25 hours.
  const prices: Prices = {
    default_prices: [eur(3.99)],
    time_based_prices: [offer("2026-10-24", "2026-10-25", 2.5)],
  };
  const at = (iso: string, timeZone = "Europe/Berlin") =>
    resolvePrice(prices, till({ at: Date.parse(iso), timeZone }));

  it.each([
    ["the first instant of 24 Oct in Berlin (summer time, UTC+2)", "2026-10-23T22:00:00Z", "time-based"],
    ["a millisecond before it", "2026-10-23T21:59:59.999Z", "default"],
    [
      "the last millisecond of 25 Oct in Berlin (winter time, UTC+1)",
      "2026-10-25T22:59:59.999Z",
      "time-based",
    ],
    ["the first instant of 26 Oct in Berlin", "2026-10-25T23:00:00Z", "default"],
  ])("%s", (_, iso, source) => {
    expect(at(iso)?.source).toBe(source);
  });

  it("ends at the next local midnight, wherever the till stands", () => {
    expect(at("2026-10-23T23:30:00Z")?.until).toBe("2026-10-25T23:00:00.000Z");
    expect(at("2026-10-24T12:00:00Z", "America/New_York")?.until).toBe("2026-10-26T04:00:00.000Z");
    expect(at("2026-10-24T03:00:00Z", "America/New_York")?.source).toBe("default");
  });

  it("finds midnight on the days clocks change, in both directions", () => {
    expect(localDayStart("2026-03-29", "Europe/Berlin")).toBe(Date.parse("2026-03-28T23:00:00Z"));
    expect(localDayStart("2026-03-30", "Europe/Berlin")).toBe(Date.parse("2026-03-29T22:00:00Z"));
    expect(localDayStart("2026-10-25", "Europe/Berlin", 1)).toBe(Date.parse("2026-10-25T23:00:00Z"));
    expect(localDayStart("2026-11-01", "America/Sao_Paulo")).toBe(Date.parse("2026-11-01T03:00:00Z"));
    // Chile moves its clocks at midnight: 6 Sep begins at 01:00 (-03); 4 Apr ends twice, 5 Apr once.
    expect(localDayStart("2026-09-06", "America/Santiago")).toBe(Date.parse("2026-09-06T04:00:00Z"));
    expect(localDayStart("2026-04-04", "America/Santiago")).toBe(Date.parse("2026-04-04T03:00:00Z"));
    expect(localDayStart("2026-04-05", "America/Santiago")).toBe(Date.parse("2026-04-05T04:00:00Z"));
    expect(localDayStart("2026-02-30", "Europe/Berlin")).toBeNull();
  });
});

describe("when the service's lists contradict themselves", () => {
  it("charges the lowest of two offers running at once, and says so", () => {
    const prices: Prices = {
      default_prices: [eur(3.99)],
      time_based_prices: [
        offer(null, "2026-12-01T00:00:00Z", 2.99),
        offer("2026-11-01T00:00:00Z", null, 2.49),
      ],
    };
    const price = resolvePrice(prices, till());
    expect(price).toMatchObject({ source: "time-based", amount: { gross: 2.49 } });
    expect(price?.conflicts.map((conflict) => conflict.kind)).toEqual(["offers-overlap"]);
    expect(price?.conflicts[0]?.message).toBe("2 offers run at once; the lowest price is charged.");
    // The order they are listed in does not matter.
    const reversed = { ...prices, time_based_prices: [...(prices.time_based_prices ?? [])].reverse() };
    expect(resolvePrice(reversed, till())?.amount.gross).toBe(2.49);
  });

  it("takes the first of a branch listed twice, and says so", () => {
    const prices: Prices = {
      default_prices: [eur(3.99)],
      branch_prices: [
        { branch: "berlin", prices: [eur(3.49)] },
        { branch: "berlin", prices: [eur(3.19)] },
      ],
    };
    const price = resolvePrice(prices, till({ branch: "berlin" }));
    expect(price).toMatchObject({ source: "branch", amount: { gross: 3.49 } });
    expect(price?.conflicts).toEqual([
      { kind: "branch-twice", message: "Branch berlin has 2 prices; the first one listed is used." },
    ]);
  });

  it("takes the first of a quantity listed twice, and ignores an offer whose dates cannot be read", () => {
    const prices: Prices = {
      default_prices: [eur(3.99)],
      scaled_prices: [
        { qty: 6, prices: [eur(2.99)] },
        { qty: 6, prices: [eur(1.99)] },
      ],
      time_based_prices: [offer("next week", null, 0.99), offer("2026-11-20T08:00", null, 0.99)],
    };
    const price = resolvePrice(prices, till());
    expect(price).toMatchObject({ source: "default", amount: { gross: 3.99 }, until: null });
    expect(price?.tiers.map((tier) => tier.amount.gross)).toEqual([2.99]);
    expect(price?.conflicts.map((conflict) => conflict.kind)).toEqual([
      "unreadable-offer",
      "unreadable-offer",
      "tier-twice",
    ]);
  });
});

describe("properties over any price lists", () => {
  const currency = fc.constantFrom("EUR", "CHF", "USD");
  const cents = fc.integer({ min: 0, max: 100_000 }).map((value) => value / 100);
  const entry = fc.record({
    amount: fc.option(fc.record({ net: fc.option(cents), gross: fc.option(cents) }), { freq: 5 }),
    currency,
  });
  const entries = fc.array(entry, { maxLength: 3 });
  const instant = fc.integer({
    min: Date.parse("2026-01-01T00:00:00Z"),
    max: Date.parse("2027-01-01T00:00:00Z"),
  });
  const bound = fc.option(
    fc.oneof(
      instant.map((at) => new Date(at).toISOString()),
      instant.map((at) => new Date(at).toISOString().slice(0, 10)),
    ),
  );
  const prices = fc.record({
    default_prices: entries,
    branch_prices: fc.array(fc.record({ branch: fc.constantFrom("a", "b", "c"), prices: entries }), {
      maxLength: 4,
    }),
    scaled_prices: fc.array(fc.record({ qty: fc.integer({ min: 1, max: 24 }), prices: entries }), {
      maxLength: 4,
    }),
    time_based_prices: fc.array(
      fc.record({ time_range: fc.record({ start: bound, end: bound }), prices: entries }),
      {
        maxLength: 4,
      },
    ),
  });
  const context = fc.record({
    branch: fc.option(fc.constantFrom("a", "b", "c", "z")),
    currency: fc.option(currency),
    at: instant,
    timeZone: fc.constantFrom("Europe/Berlin", "UTC", "America/New_York", "Asia/Kolkata"),
  });

  it("the price and every tier are amounts of the product's own entries, in the answer's currency", () => {
    fc.assert(
      fc.property(prices, context, (lists, till) => {
        const price = resolvePrice(lists, till);
        if (price === null) return;
        const own = [
          ...lists.default_prices,
          ...lists.branch_prices.flatMap((item) => item.prices),
          ...lists.time_based_prices.flatMap((item) => item.prices),
        ].filter((item) => item.currency === price.currency);
        expect(own.map((item) => item.amount)).toContainEqual(price.amount);
        const scaled = lists.scaled_prices
          .flatMap((item) => item.prices)
          .filter((item) => item.currency === price.currency);
        for (const tier of price.tiers) expect(scaled.map((item) => item.amount)).toContainEqual(tier.amount);
        if (till.currency !== null) expect(price.currency).toBe(till.currency);
      }),
    );
  });

  it("without branch, offer or tier, it is the first default price, as the till showed before", () => {
    fc.assert(
      fc.property(entries, context, (defaults, till) => {
        const price = resolvePrice({ default_prices: defaults }, { ...till, branch: null, currency: null });
        // Before: the first default price, in its own currency (an entry without an amount is none).
        const first = defaults[0];
        const before = defaults.find(
          (item) =>
            item.currency === first?.currency &&
            item.amount &&
            (item.amount.gross !== null || item.amount.net !== null),
        );
        if (before?.amount) {
          expect(price).toEqual({
            amount: before.amount,
            currency: before.currency,
            source: "default",
            until: null,
            tiers: [],
            conflicts: [],
          });
        } else expect(price).toBeNull();
      }),
    );
  });
});
