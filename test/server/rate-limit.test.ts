// The request rate limit per account over real HTTP, with the service's clock injected: N requests in
// each second counted from an account's first request, then 429 with retry-after in the envelope; each account counted on its own; the
// refused requests not counted; nothing limited without the option.
import { describe, expect, it } from "vitest";
import type { DemoAccount, RunningService } from "../../src/server/service.ts";
import { expectError } from "./error-envelope.ts";
import { call, startTestService } from "./service-harness.ts";

let now = Date.parse("2025-06-01T12:00:00.000Z");
const limit = 5;
const limited = await startTestService({ accounts: 2, clock: () => now, rateLimit: limit });
const unlimited = await startTestService({ clock: () => now });

async function tokenOf(service: RunningService, demo: DemoAccount): Promise<string> {
  const body = { organisation: demo.organisation, username: demo.username, password: demo.password };
  const reply = await call(service, "POST", "/api/v1/users/auth/organisation/login", { body });
  return (reply.json as { token: string }).token;
}

function productsMeta(service: RunningService, demo: DemoAccount, token: string) {
  return call(service, "GET", `/api/v1/products/${demo.accountId}/meta`, { token });
}

const [first, second] = limited.accounts as [DemoAccount, DemoAccount];
const firstToken = await tokenOf(limited, first);
const secondToken = await tokenOf(limited, second);

describe("--rate-limit", () => {
  it("answers 429 with retry-after past N requests in a second, and lets the account in a second later", async () => {
    now += 10_000;
    for (let sent = 0; sent < limit; sent++) {
      expect((await productsMeta(limited, first, firstToken)).status).toBe(200);
    }
    const refused = await productsMeta(limited, first, firstToken);
    const body = expectError(refused, 429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(body.msg).toBe(
      `Too many requests for this account: at most ${limit} a second. Try again in a moment.`,
    );

    // Other accounts have their own count; the refused requests did not add to the first one's.
    expect((await productsMeta(limited, second, secondToken)).status).toBe(200);
    now += 999;
    expect((await productsMeta(limited, first, firstToken)).status).toBe(429);
    now += 1;
    expect((await productsMeta(limited, first, firstToken)).status).toBe(200);
  });

  it("counts requests in a second that starts with the first one counted, shared by every node", async () => {
    now += 10_000;
    for (let sent = 0; sent < limit; sent++) {
      expect((await productsMeta(limited, first, firstToken)).status).toBe(200);
      now += 100;
    }
    // 500 ms on from the first request: its second still runs.
    const refused = await productsMeta(limited, first, firstToken);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    now += 499;
    expect((await productsMeta(limited, first, firstToken)).status).toBe(429);
    // A second after the first request a new second starts, with the whole limit.
    now += 1;
    for (let sent = 0; sent < limit; sent++) {
      expect((await productsMeta(limited, first, firstToken)).status).toBe(200);
    }
    expect((await productsMeta(limited, first, firstToken)).status).toBe(429);
  });

  it("limits nothing when not given", async () => {
    const demo = unlimited.demo;
    const token = await tokenOf(unlimited, demo);
    for (let sent = 0; sent < 3 * limit; sent++) {
      expect((await productsMeta(unlimited, demo, token)).status).toBe(200);
    }
  });
});
