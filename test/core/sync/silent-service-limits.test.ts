// A service that takes the connection and then stays silent (no headers, half a page, or one space
// every 200 ms, as a hung proxy or captive portal does) must not hold the till for minutes: a sync
// attempt, a sign-in and a change of address each give up inside one overall limit, say meanwhile
// that the service is not answering, and start no retry that could not finish inside the limit.
// First with short limits that prove the mechanism in seconds, then with the defaults the till ships
// with (150 s for a sync, 70 s for a sign-in), which take minutes: few of those.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningService, startService } from "../../../src/server/service.ts";
import type { AppStatus } from "../../../src/shared/catalog/app-status.ts";
import { openTestService } from "../../support/catalog-service-fixtures.ts";
import { type CliResult, demoLoginArgs, runCliWithin } from "../../support/cli-process.ts";
import {
  type MisbehavingUpstream,
  type Stall,
  startMisbehavingUpstream,
} from "../../support/misbehaving-upstream.ts";
import { tempDir } from "../../support/service-fixtures.ts";

vi.setConfig({ testTimeout: 240_000 });

const stalls: Stall[] = ["no-headers", "half-way", "dribble"];
// What a busy machine (two cores shared with other work) may add to a limit: starting Node, the
// catalog, the sign-in before the sync.
const marginMs = 20_000;
const signInPath = "/api/v1/users/auth/organisation/login";

let service: RunningService;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 170, seed: 43 });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await service.close();
});

async function upstream(): Promise<MisbehavingUpstream> {
  const started = await startMisbehavingUpstream(service.baseUrl);
  cleanups.push(started.close);
  return started;
}

async function dataDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

const login = (through: MisbehavingUpstream) => demoLoginArgs({ ...service.demo, baseUrl: through.baseUrl });

/** The CLI, timed; killed (and so failing the test) at `killMs`. */
async function timedCli(killMs: number, dir: string, args: string[]): Promise<CliResult & { ms: number }> {
  const started = Date.now();
  const result = await runCliWithin(killMs, ["--data-dir", dir, ...args]);
  return { ...result, ms: Date.now() - started };
}

/** A data directory signed in through a new upstream. */
async function signedIn() {
  const through = await upstream();
  const dir = await dataDir();
  expect((await timedCli(60_000, dir, login(through))).code).toBe(0);
  return { through, dir };
}

/** A data directory signed in through a new upstream, whose list answers then stall from `from` on. */
async function signedInThenStalled(stall: Stall, from = 0) {
  const { through, dir } = await signedIn();
  const first = through.calls.length + from;
  through.behave({ stall: (call) => (call.index >= first ? stall : null) });
  const stalledCalls = () => through.calls.length - first;
  return { through, dir, stalledCalls };
}

function expectGaveUpSaying(result: CliResult & { ms: number }, limitMs: number, message: RegExp): void {
  expect(result.signal).toBeNull();
  expect(result.code).toBe(2);
  expect(result.ms).toBeLessThan(limitMs + marginMs);
  expect(result.stderr).toMatch(/is not answering: it (took the connection|started an answer)/);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toContain("Something went wrong inside");
}

describe("with a short limit", () => {
  it("a sync retries only while a retry can finish inside the limit, then gives up", async () => {
    const { dir, stalledCalls } = await signedInThenStalled("no-headers", 2);
    const flags = ["--page-size", "50", "--time-limit", "12", "--first-byte-timeout", "4"];

    const result = await timedCli(60_000, dir, ["sync", ...flags]);

    expectGaveUpSaying(result, 12_000, /did not start answering within 4 s/);
    // 4 s, a retry (8 s left, more than its 4 s), then 4 s: under 4 s left, so no third try.
    expect(stalledCalls()).toBe(2);
    expect(result.stderr).toMatch(/took the connection but has not answered for \d+ s/);
  });

  it("a request whose own deadline lies past the limit is ended by the limit", async () => {
    const { dir, stalledCalls } = await signedInThenStalled("dribble");
    const flags = ["--time-limit", "10", "--first-byte-timeout", "4", "--answer-timeout", "60"];

    const result = await timedCli(60_000, dir, ["sync", ...flags]);

    expectGaveUpSaying(result, 10_000, /within the 10 s a sync may take, so the sync gave up/);
    expect(result.ms).toBeGreaterThanOrEqual(10_000);
    expect(stalledCalls()).toBe(1);
    expect(result.stderr).toMatch(/started an answer but has not finished it in \d+ s/);
  });

  it("a sync that keeps receiving pages goes on past its limit: the limit counts from the last answer", async () => {
    const { through, dir } = await signedIn();
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

  it("a sign-in gives up at its limit", async () => {
    const through = await upstream();
    through.behave({ stallOther: ({ path }) => (path === signInPath ? "half-way" : null) });
    const flags = ["--time-limit", "10", "--first-byte-timeout", "4", "--answer-timeout", "60"];

    const result = await timedCli(60_000, await dataDir(), [...login(through), ...flags]);

    expectGaveUpSaying(result, 10_000, /within the 10 s a sign-in may take/);
  });

  it("a change of address gives up at the sign-in's limit, and the old address stays", async () => {
    const { dir } = await signedIn();
    const moved = await upstream();
    moved.behave({ stallOther: ({ path }) => (path.endsWith("/meta") ? "half-way" : null) });
    const flags = ["--time-limit", "10", "--first-byte-timeout", "4", "--answer-timeout", "60"];

    const result = await timedCli(60_000, dir, ["login", "--base-url", moved.baseUrl, ...flags]);

    expectGaveUpSaying(result, 10_000, /within the 10 s allowed for checking a new address/);
    expect(result.stderr).toContain("The saved address stays");
  });

  it("refuses a limit it cannot use, in plain words", async () => {
    const result = await timedCli(30_000, await dataDir(), ["sync", "--time-limit", "5"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--time-limit must be a whole number from 10 to 3600, not "5"/);
  });
});

describe("with the default limits", () => {
  it("a sync gives up within 150 s against each way of stalling, saying the service is not answering", async () => {
    const runs = await Promise.all(stalls.map((stall) => signedInThenStalled(stall)));

    const results = await Promise.all(runs.map(({ dir }) => timedCli(200_000, dir, ["sync"])));

    for (const result of results) {
      expectGaveUpSaying(result, 150_000, /did not (start answering|send its whole answer) within/);
    }
  });

  it("a sign-in gives up within 70 s against each way of stalling", async () => {
    const throughs = await Promise.all(stalls.map(() => upstream()));
    throughs.forEach((through, index) => {
      const stall = stalls[index] as Stall;
      through.behave({ stallOther: ({ path }) => (path === signInPath ? stall : null) });
    });
    const dirs = await Promise.all(stalls.map(() => dataDir()));

    const results = await Promise.all(
      throughs.map((through, index) => timedCli(120_000, dirs[index] as string, login(through))),
    );

    for (const result of results) {
      expectGaveUpSaying(
        result,
        70_000,
        /did not start answering within 60 s|within the 70 s a sign-in may take/,
      );
    }
  });

  it("the app's status says the service is not answering within 70 s of the first silent request", async () => {
    const through = await upstream();
    const silent: { since: number | null } = { since: null };
    through.behave({
      stall() {
        silent.since ??= Date.now();
        return "no-headers";
      },
    });
    // The app's own settings: default deadlines and retries, the sync in its worker thread.
    const app = openTestService(await dataDir(), { client: {} });
    cleanups.push(() => app.service.close());
    await app.service.start();
    const waiting = app.nextStatus((status) => status.waiting !== null);
    const { organisation, username, password } = service.demo;
    // The sign-in starts the background sync, whose first page never comes.
    await app.service.signInOrganisation({
      baseUrl: through.baseUrl,
      organisation,
      username,
      password,
      remember: false,
    });

    const status: AppStatus = await waiting;

    expect(silent.since).not.toBeNull();
    expect(Date.now() - (silent.since as number)).toBeLessThan(70_000);
    expect(status.sync.running).toBe(true);
    expect(status.waiting).toMatchObject({ host: new URL(through.baseUrl).host, phase: "no-answer" });
    expect(status.waiting?.giveUpSeconds).toBeLessThanOrEqual(150);
  });
});
