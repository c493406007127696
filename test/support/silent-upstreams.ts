// The CLI against upstreams that take the connection and then stay silent (no headers, half a page,
// or one space every 200 ms, as a hung proxy or captive portal does), for the tests of the overall
// time limits: a sync, a sign-in and a change of address must each give up inside one limit and say
// meanwhile that the service is not answering. One reference service behind them all.
import { afterAll, beforeAll, expect } from "vitest";
import { type RunningService, startService } from "../../src/server/service.ts";
import { type CliResult, demoLoginArgs, runCliWithin } from "./cli-process.ts";
import { type MisbehavingUpstream, type Stall, startMisbehavingUpstream } from "./misbehaving-upstream.ts";
import { tempDir } from "./service-fixtures.ts";

export const stalls: Stall[] = ["no-headers", "half-way", "dribble"];
export const signInPath = "/api/v1/users/auth/organisation/login";
// What a busy machine (two cores shared with other work) may add to a limit: starting Node, the
// catalog, the sign-in before the sync.
const marginMs = 20_000;

export type TimedCliResult = CliResult & { ms: number };

export interface SilentUpstreams {
  service: RunningService;
  /** A new upstream in front of the service, answering as it does until told otherwise. */
  upstream(): Promise<MisbehavingUpstream>;
  /** A new, empty data directory. */
  dataDir(): Promise<string>;
  /** The CLI's organisation login through `through`. */
  login(through: MisbehavingUpstream): string[];
  /** A data directory signed in through a new upstream. */
  signedIn(): Promise<{ through: MisbehavingUpstream; dir: string }>;
  /** Signed in through a new upstream whose list answers then stall from the `from`-th on. */
  signedInThenStalled(
    stall: Stall,
    from?: number,
  ): Promise<{ through: MisbehavingUpstream; dir: string; stalledCalls: () => number }>;
  /** Stops every upstream, removes every data directory, stops the service. */
  close(): Promise<void>;
}

async function startSilentUpstreams(seed: number): Promise<SilentUpstreams> {
  const service = await startService({ port: 0, demoProducts: 170, seed });
  const cleanups: (() => Promise<void>)[] = [];
  const upstream = async () => {
    const started = await startMisbehavingUpstream(service.baseUrl);
    cleanups.push(started.close);
    return started;
  };
  const dataDir = async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    return dir.path;
  };
  const login = (through: MisbehavingUpstream) =>
    demoLoginArgs({ ...service.demo, baseUrl: through.baseUrl });
  const signedIn = async () => {
    const through = await upstream();
    const dir = await dataDir();
    expect((await timedCli(60_000, dir, login(through))).code).toBe(0);
    return { through, dir };
  };
  return {
    service,
    upstream,
    dataDir,
    login,
    signedIn,
    async signedInThenStalled(stall, from = 0) {
      const { through, dir } = await signedIn();
      const first = through.calls.length + from;
      through.behave({ stall: (call) => (call.index >= first ? stall : null) });
      return { through, dir, stalledCalls: () => through.calls.length - first };
    },
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup();
      await service.close();
    },
  };
}

/** The file's upstreams, started before its tests and stopped after them. */
export function silentUpstreamsOfFile(seed: number): () => SilentUpstreams {
  let silent: SilentUpstreams | undefined;
  beforeAll(async () => {
    silent = await startSilentUpstreams(seed);
  });
  afterAll(async () => {
    await silent?.close();
  });
  return () => {
    if (silent === undefined) throw new Error("the silent upstreams have not started");
    return silent;
  };
}

/** The CLI, timed; killed (and so failing the test) at `killMs`. */
export async function timedCli(killMs: number, dir: string, args: string[]): Promise<TimedCliResult> {
  const started = Date.now();
  const result = await runCliWithin(killMs, ["--data-dir", dir, ...args]);
  return { ...result, ms: Date.now() - started };
}

/** Exit 2 inside the limit (and the margin), saying the service was not answering and `message`. */
export function expectGaveUpSaying(result: TimedCliResult, limitMs: number, message: RegExp): void {
  expect(result.signal).toBeNull();
  expect(result.code).toBe(2);
  expect(result.ms).toBeLessThan(limitMs + marginMs);
  expect(result.stderr).toMatch(/is not answering: it (took the connection|started an answer)/);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toContain("Something went wrong inside");
}
