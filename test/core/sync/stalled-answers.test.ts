// The CLI's sync, as a real child process, against an upstream that takes the request and then
// stalls: no headers at all, half a page and then nothing, or a page that dribbles one space every
// 200 ms (a proxy, a captive portal or an overloaded gateway does each). The sync must end with exit
// 2 and a plain message within the timeouts it was given, keep nothing of the stalled page, and the
// next sync against a healthy service must complete.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { demoLoginArgs, runCliWithin } from "../../support/cli-process.ts";
import {
  type MisbehavingUpstream,
  type Stall,
  startMisbehavingUpstream,
} from "../../support/misbehaving-upstream.ts";
import { adminApi, integrityCheck, localProducts, tempDir } from "../../support/service-fixtures.ts";

vi.setConfig({ testTimeout: 120_000 });

let service: RunningService;
let admin: Awaited<ReturnType<typeof adminApi>>;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 170, seed: 41 });
  admin = await adminApi(service);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await service.close();
});

// Short timeouts so each stalled attempt ends in two seconds; the CLI makes four attempts, with
// retry waits of at most 0.5, 1 and 2 s between them (retry-policy.ts).
const timeoutFlags = ["--first-byte-timeout", "2", "--answer-timeout", "2"];
const stalledSyncMs = 4 * 2_000 + 3_500;
// What a busy machine (two cores shared with other work) may add: starting Node, the catalog.
const marginMs = 20_000;
// A sync the timeouts did not end is killed after 90 s, and shows as signal SIGKILL.
const cli = (dataDir: string, ...args: string[]) => runCliWithin(90_000, ["--data-dir", dataDir, ...args]);

/** An upstream of its own in front of the service, so that the cases can run side by side. */
async function ownUpstream(): Promise<MisbehavingUpstream> {
  const upstream = await startMisbehavingUpstream(service.baseUrl);
  cleanups.push(upstream.close);
  return upstream;
}

async function signedInDir(upstream: MisbehavingUpstream): Promise<string> {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  const login = await cli(dir.path, ...demoLoginArgs({ ...service.demo, baseUrl: upstream.baseUrl }));
  expect(login.code).toBe(0);
  return dir.path;
}

/**
 * Stalls every list answer from the `from`-th of this sync on (the first is 0), retries included.
 * Gives the ids of the live products each answer held, whole or stalled, by the order of the answers.
 */
function stallFrom(
  upstream: MisbehavingUpstream,
  from: number,
  stall: Stall,
): { whole: Set<string>; stalled: Set<string> } {
  const start = upstream.calls.length;
  const seen = { whole: new Set<string>(), stalled: new Set<string>() };
  const stalls = (index: number) => index >= start + from;
  upstream.behave({
    page(call, body) {
      const live = body.results.filter((record) => record.deleted !== true);
      for (const record of live) (stalls(call.index) ? seen.stalled : seen.whole).add(String(record.id));
      return body;
    },
    stall: (call) => (stalls(call.index) ? stall : null),
  });
  return seen;
}

const cases: { stall: Stall; message: RegExp }[] = [
  { stall: "no-headers", message: /did not start answering within 2 s/ },
  { stall: "half-way", message: /did not send its whole answer within 2 s/ },
  { stall: "dribble", message: /did not send its whole answer within 2 s/ },
];

describe.concurrent("a request that stalls ends the sync within its timeouts", () => {
  it.each(cases)("$stall on the third page", async ({ stall, message }) => {
    const upstream = await ownUpstream();
    const dataDir = await signedInDir(upstream);
    const pages = stallFrom(upstream, 2, stall);
    const before = upstream.calls.length;

    const started = Date.now();
    const stalled = await cli(dataDir, "sync", "--page-size", "50", ...timeoutFlags);

    expect(Date.now() - started).toBeLessThan(stalledSyncMs + marginMs);
    expect(stalled.signal).toBeNull();
    expect(stalled.code).toBe(2);
    expect(stalled.stderr).toMatch(message);
    expect(stalled.stderr).toContain(new URL(upstream.baseUrl).host);
    expect(stalled.stderr).not.toContain("Something went wrong inside");
    // Two pages went through; the third was tried four times (retried with backoff), then given up.
    expect(upstream.calls.length - before).toBe(2 + 4);
    // The two whole pages are kept, nothing of the stalled one.
    const kept = localProducts(dataDir, service.demo.accountId);
    expect(pages.stalled.size).toBeGreaterThan(0);
    expect(new Set(kept.keys())).toEqual(pages.whole);
    const live = await admin.liveProducts();
    for (const [id, updatedAt] of kept) expect(live.get(id)).toBe(updatedAt);
    expect(integrityCheck(dataDir, service.demo.accountId)).toBe("ok");

    upstream.behave({});
    const healthy = await cli(dataDir, "sync", "--page-size", "50", ...timeoutFlags);
    expect(healthy.code).toBe(0);
    expect(healthy.stdout).toContain(`resumed and finished: ${live.size} products`);
    expect(localProducts(dataDir, service.demo.accountId)).toEqual(live);
  });

  it("refuses a timeout it cannot use, in plain words", async () => {
    const dataDir = await signedInDir(await ownUpstream());
    const result = await cli(dataDir, "sync", "--answer-timeout", "0");
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--answer-timeout must be a whole number from 1 to 3600, not "0"/);
  });
});
