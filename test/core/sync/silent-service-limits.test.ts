// A service that takes the connection and then stays silent must not hold the till for minutes: a
// sync attempt, a sign-in and a change of address each give up inside one overall limit, say
// meanwhile that the service is not answering, and start no retry that could not finish inside the
// limit. Proven here with short limits, through the same paths, side by side; the defaults the till
// ships with (150 s for a sync, 70 s for a sign-in) are checked as values here and waited for once in
// `npm run test:long` (test/long/default-time-limits.test.ts).
import { describe, expect, it, vi } from "vitest";
import type { AppStatus } from "../../../src/shared/catalog/app-status.ts";
import { defaultRequestTimeouts } from "../../../src/shared/settings/app-settings.ts";
import { openTestService } from "../../support/catalog-service-fixtures.ts";
import {
  expectGaveUpSaying,
  signInPath,
  silentUpstreamsOfFile,
  stalls,
  timedCli,
} from "../../support/silent-upstreams.ts";

vi.setConfig({ testTimeout: 120_000 });

const upstreams = silentUpstreamsOfFile(43);

describe.concurrent("with a short limit", () => {
  it("a sync retries only while a retry can finish inside the limit, then gives up", async () => {
    const { dir, stalledCalls } = await upstreams().signedInThenStalled("no-headers", 2);
    const flags = ["--page-size", "50", "--time-limit", "12", "--first-byte-timeout", "4"];

    const result = await timedCli(60_000, dir, ["sync", ...flags]);

    expectGaveUpSaying(result, 12_000, /did not start answering within 4 s/);
    // 4 s, a retry (8 s left, more than its 4 s), then 4 s: under 4 s left, so no third try.
    expect(stalledCalls()).toBe(2);
    expect(result.stderr).toMatch(/took the connection but has not answered for \d+ s/);
  });

  it("a request whose own deadline lies past the limit is ended by the limit", async () => {
    const { dir, stalledCalls } = await upstreams().signedInThenStalled("dribble");
    const flags = ["--time-limit", "10", "--first-byte-timeout", "4", "--answer-timeout", "60"];

    const result = await timedCli(60_000, dir, ["sync", ...flags]);

    expectGaveUpSaying(result, 10_000, /within the 10 s a sync may take, so the sync gave up/);
    expect(result.ms).toBeGreaterThanOrEqual(10_000);
    expect(stalledCalls()).toBe(1);
    expect(result.stderr).toMatch(/started an answer but has not finished it in \d+ s/);
  });

  it("a sync that keeps receiving pages goes on past its limit: the limit counts from the last answer", async () => {
    const { through, dir } = await upstreams().signedIn();
    // Each page 1.5 s late, pages of 20: the whole sync takes about twice the 10 s limit.
    through.behave({ delayMs: 1_500 });
    const flags = ["--page-size", "20", "--time-limit", "10", "--json"];

    const result = await timedCli(120_000, dir, ["sync", ...flags]);

    expect(result.stderr).not.toMatch(/a sync may take/);
    expect(result.code).toBe(0);
    expect(result.ms).toBeGreaterThan(10_000);
    const summary = JSON.parse(result.stdout) as { products: number; serverTotal: number };
    expect(summary.products).toBe(summary.serverTotal);
    expect(through.calls.length * 1_500).toBeGreaterThan(10_000);
  });

  it.each(stalls.map((stall) => ({ stall })))(
    "a sign-in gives up at its limit against $stall",
    async ({ stall }) => {
      const through = await upstreams().upstream();
      through.behave({ stallOther: ({ path }) => (path === signInPath ? stall : null) });
      const flags = ["--time-limit", "10", "--first-byte-timeout", "4", "--answer-timeout", "60"];

      const result = await timedCli(60_000, await upstreams().dataDir(), [
        ...upstreams().login(through),
        ...flags,
      ]);

      expectGaveUpSaying(
        result,
        10_000,
        /did not start answering within 4 s|within the 10 s a sign-in may take/,
      );
    },
  );

  it("a change of address gives up at the sign-in's limit, and the old address stays", async () => {
    const { dir } = await upstreams().signedIn();
    const moved = await upstreams().upstream();
    moved.behave({ stallOther: ({ path }) => (path.endsWith("/meta") ? "half-way" : null) });
    const flags = ["--time-limit", "10", "--first-byte-timeout", "4", "--answer-timeout", "60"];

    const result = await timedCli(60_000, dir, ["login", "--base-url", moved.baseUrl, ...flags]);

    expectGaveUpSaying(result, 10_000, /within the 10 s allowed for checking a new address/);
    expect(result.stderr).toContain("The saved address stays");
  });

  it("refuses a limit it cannot use, in plain words", async () => {
    const result = await timedCli(30_000, await upstreams().dataDir(), ["sync", "--time-limit", "5"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--time-limit must be a whole number from 10 to 3600, not "5"/);
  });

  it("the app's status says the service is not answering, with its own default deadlines", async () => {
    const through = await upstreams().upstream();
    const since: { silent: number | null } = { silent: null };
    through.behave({
      stall() {
        since.silent ??= Date.now();
        return "no-headers";
      },
    });
    // The app's own settings: default deadlines and retries, the sync in its worker thread.
    const app = openTestService(await upstreams().dataDir(), { client: {} });
    try {
      await app.service.start();
      const waiting = app.nextStatus((status) => status.waiting !== null);
      const { organisation, username, password } = upstreams().service.demo;
      // The sign-in starts the background sync, whose first page never comes.
      await app.service.signInOrganisation({
        baseUrl: through.baseUrl,
        organisation,
        username,
        password,
        remember: false,
      });

      const status: AppStatus = await waiting;

      expect(since.silent).not.toBeNull();
      // Said while the first request still waits, long before its first-byte deadline.
      expect(Date.now() - (since.silent as number)).toBeLessThan(
        defaultRequestTimeouts.firstByteSeconds * 1000,
      );
      expect(status.sync.running).toBe(true);
      expect(status.waiting).toMatchObject({ host: new URL(through.baseUrl).host, phase: "no-answer" });
      expect(status.waiting?.giveUpSeconds).toBeLessThanOrEqual(150);
    } finally {
      await app.service.close();
    }
  });
});

describe("the limits the till ships with", () => {
  it("are 150 s for a sync and 70 s for a sign-in, in a new till's settings", async () => {
    const app = openTestService(await upstreams().dataDir());
    try {
      expect((await app.service.settings()).timeLimits).toEqual({ syncSeconds: 150, signInSeconds: 70 });
    } finally {
      await app.service.close();
    }
  });
});
