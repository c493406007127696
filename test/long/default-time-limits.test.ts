// The overall time limits the till ships with, waited for in full against every way a service can
// stall (no headers, half a page, a dribble): a sync gives up within 150 s, a sign-in within 70 s,
// saying why. `npm test` proves the same paths with short limits (silent-service-limits.test.ts).
import { describe, it, vi } from "vitest";
import {
  expectGaveUpSaying,
  signInPath,
  silentUpstreamsOfFile,
  stalls,
  timedCli,
} from "../support/silent-upstreams.ts";

vi.setConfig({ testTimeout: 240_000 });

const upstreams = silentUpstreamsOfFile(43);

describe.concurrent("with the default limits", () => {
  it("a sync gives up within 150 s against each way of stalling, saying the service is not answering", async () => {
    const runs = await Promise.all(stalls.map((stall) => upstreams().signedInThenStalled(stall)));

    const results = await Promise.all(runs.map(({ dir }) => timedCli(200_000, dir, ["sync"])));

    for (const result of results) {
      expectGaveUpSaying(result, 150_000, /did not (start answering|send its whole answer) within/);
    }
  });

  it("a sign-in gives up within 70 s against each way of stalling", async () => {
    const throughs = await Promise.all(stalls.map(() => upstreams().upstream()));
    throughs.forEach((through, index) => {
      const stall = stalls[index];
      through.behave({ stallOther: ({ path }) => (path === signInPath ? (stall ?? null) : null) });
    });
    const dirs = await Promise.all(stalls.map(() => upstreams().dataDir()));

    const results = await Promise.all(
      throughs.map((through, index) => timedCli(120_000, dirs[index] as string, upstreams().login(through))),
    );

    for (const result of results) {
      expectGaveUpSaying(
        result,
        70_000,
        /did not start answering within 60 s|within the 70 s a sign-in may take/,
      );
    }
  });
});
