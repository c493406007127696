// The parts login throttling is built from: who counts as one client, and the bounded sliding window.
import { describe, expect, it } from "vitest";
import { clientKey } from "../../src/server/auth/client-address.ts";
import { createFailureWindow } from "../../src/server/auth/failure-window.ts";

describe("client addresses", () => {
  it("counts an IPv4 address as itself, however it arrives", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.8")).not.toBe(clientKey("203.0.113.7"));
  });

  it("counts a whole IPv6 /64 as one client, whatever the spelling", () => {
    const one = clientKey("2001:db8:1:2:3:4:5:6");
    expect(clientKey("2001:db8:1:2::9")).toBe(one);
    expect(clientKey("2001:0DB8:0001:0002:ffff::")).toBe(one);
    expect(clientKey("2001:db8:1:3::1")).not.toBe(one);
    expect(clientKey("::1")).toBe(clientKey("0:0:0:0:0:0:0:1"));
    expect(clientKey("fe80::1%eth0")).toBe(clientKey("fe80::2"));
  });
});

describe("the failure window", () => {
  it("forgets the stalest keys past its size, so memory stays bounded", () => {
    const now = 0;
    const window = createFailureWindow({ limit: 1, windowMs: 60_000, clock: () => now, maxKeys: 2 });
    for (const key of ["a", "b", "c"]) window.recordFailure(key);
    expect(window.waitMs("a")).toBe(0);
    expect(window.waitMs("b")).toBe(60_000);
    expect(window.waitMs("c")).toBe(60_000);
  });

  it("forgives a failure that turned out a success", () => {
    let now = 0;
    const window = createFailureWindow({ limit: 2, windowMs: 10_000, clock: () => now });
    window.recordFailure("a");
    now = 1000;
    const at = window.recordFailure("a");
    expect(window.waitMs("a")).toBe(9000);
    window.forgive("a", at);
    expect(window.waitMs("a")).toBe(0);
  });
});
