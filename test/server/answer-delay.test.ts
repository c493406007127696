// --latency: every answer waits the given time, so a loopback benchmark pays a far service's round trip.
import { describe, expect, it } from "vitest";
import { parseCliOptions } from "../../src/server/cli-options.ts";
import { call, startTestService } from "./service-harness.ts";

// Long enough that a busy machine's own delays cannot pass for the service's, or hide them.
const latencyMs = 1000;

describe("a service started with a latency", async () => {
  const far = await startTestService({ latencyMs });

  it("holds every answer, found or not, at least that long", async () => {
    for (const path of ["/api/v0/nothing-here", "/"]) {
      const started = performance.now();
      const reply = await call(far, "GET", path);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(performance.now() - started).toBeGreaterThanOrEqual(latencyMs - 5);
    }
  });

  it("answers requests that arrive together together, not one after the other", async () => {
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => call(far, "GET", "/nothing-here")));
    // Four in a row would take four delays; held side by side they take one and change.
    expect(performance.now() - started).toBeLessThan(latencyMs * 2);
  });

  it("takes the delay from --latency, 0 by default", () => {
    expect(parseCliOptions(["--latency", "50"]).latencyMs).toBe(50);
    expect(parseCliOptions([]).latencyMs).toBe(0);
  });
});
