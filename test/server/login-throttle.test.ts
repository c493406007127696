// Login throttling over real HTTP, with the service's clock injected: failures per user and per client
// address in a window the database keeps, 429 with retry-after in the envelope, the same whether the user exists or not.
import { describe, expect, it } from "vitest";
import type { DemoAccount } from "../../src/server/service.ts";
import { expectError } from "./error-envelope.ts";
import { call, type Reply, startTestService } from "./service-harness.ts";

let now = Date.parse("2025-06-01T12:00:00.000Z");
const windowSeconds = 60;
const service = await startTestService({
  accounts: 3,
  clock: () => now,
  loginThrottle: { windowSeconds, failuresPerUser: 3, failuresPerAddress: 12 },
});
const [first, second, third] = service.accounts as [DemoAccount, DemoAccount, DemoAccount];
const orgLogin = "/api/v1/users/auth/organisation/login";
const keyLogin = "/api/v1/users/auth/key";

function login(demo: DemoAccount, password = demo.password, username = demo.username): Promise<Reply> {
  return call(service, "POST", orgLogin, { body: { organisation: demo.organisation, username, password } });
}

/** Moves the clock past the window, so each test starts with nothing counted. */
function windowPasses(): void {
  now += (windowSeconds + 1) * 1000;
}

function expectThrottled(reply: Reply) {
  const body = expectError(reply, 429);
  const retryAfter = Number(reply.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(body.msg).toContain(String(retryAfter));
  return body;
}

describe("failures of one user", () => {
  it("answers 429 after N failures, even to the right password, and lets it in after the window", async () => {
    windowPasses();
    for (let attempt = 0; attempt < 3; attempt++) expectError(await login(first, "wrong-password"), 401);
    expectThrottled(await login(first));
    expectThrottled(await login(first, "wrong-password"));
    now += (windowSeconds - 1) * 1000;
    expectThrottled(await login(first));
    now += 1000;
    expect((await login(first)).status).toBe(200);
  });

  it("counts in a window that starts at the first failure and opens wholly when it ends", async () => {
    windowPasses();
    expectError(await login(first, "wrong-1"), 401);
    now += 30_000;
    expectError(await login(first, "wrong-2"), 401);
    expectError(await login(first, "wrong-3"), 401);
    const throttled = expectThrottled(await login(first));
    expect(throttled.msg).toContain("30");
    now += 30_000;
    for (let attempt = 0; attempt < 3; attempt++) expectError(await login(first, "wrong-again"), 401);
    expectThrottled(await login(first));
  });

  it("leaves other users of the same and other organisations alone", async () => {
    windowPasses();
    for (let attempt = 0; attempt < 3; attempt++) expectError(await login(first, "wrong-password"), 401);
    expectThrottled(await login(first));
    expect((await login(second)).status).toBe(200);
    expect((await login(third)).status).toBe(200);
  });

  it("answers a user that does not exist exactly as one that does", async () => {
    windowPasses();
    const ghost = "nobody@demo-store.example";
    for (let attempt = 0; attempt < 3; attempt++) {
      expectError(await login(second, "wrong-password"), 401);
      expectError(await login(second, "wrong-password", ghost), 401);
    }
    const real = await login(second, "wrong-password");
    const missing = await login(second, "wrong-password", ghost);
    const { request: _a, ...realBody } = expectThrottled(real);
    const { request: _b, ...missingBody } = expectThrottled(missing);
    expect(missingBody).toEqual(realBody);
    expect(missing.headers.get("retry-after")).toBe(real.headers.get("retry-after"));
  });

  it("never counts successful logins", async () => {
    windowPasses();
    for (let attempt = 0; attempt < 20; attempt++) expect((await login(third)).status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt++) expectError(await login(third, "wrong-password"), 401);
    expect((await login(third)).status).toBe(200);
  });

  it("counts a burst of parallel guesses as it arrives, not after the first one fails", async () => {
    windowPasses();
    const replies = await Promise.all(Array.from({ length: 12 }, () => login(first, "wrong-password")));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });
});

describe("failures from one client address", () => {
  it("answers 429 to every login from it, key logins too, once it has failed too often over many users", async () => {
    windowPasses();
    for (let attempt = 0; attempt < 12; attempt++) {
      expectError(await login(first, "wrong-password", `guess-${attempt}@example.test`), 401);
    }
    expectThrottled(await login(second));
    expectThrottled(
      await call(service, "POST", keyLogin, { body: { id: second.accountId, api_key: second.apiKey } }),
    );
    windowPasses();
    expect((await login(second)).status).toBe(200);
  });

  it("counts failed key logins against the address", async () => {
    windowPasses();
    for (let attempt = 0; attempt < 12; attempt++) {
      const body = { id: first.accountId, api_key: crypto.randomUUID() };
      expectError(await call(service, "POST", keyLogin, { body }), 401);
    }
    expectThrottled(
      await call(service, "POST", keyLogin, { body: { id: first.accountId, api_key: first.apiKey } }),
    );
  });
});

const defaults = await startTestService({ accounts: 2 });
/** An organisation login to one of the accounts of the service with default limits. */
const loginTo = (demo: DemoAccount | undefined, password: string) =>
  call(defaults, "POST", orgLogin, {
    body: { organisation: demo?.organisation, username: demo?.username, password },
  });

describe("the defaults", () => {
  it("let a person mistype a few times and still sign in", async () => {
    const [demo] = defaults.accounts;
    for (let attempt = 0; attempt < 5; attempt++) expectError(await loginTo(demo, "typo"), 401);
    expect((await loginTo(demo, demo?.password ?? "")).status).toBe(200);
  });

  it("stop a password guesser after 10 failures for a quarter of an hour", async () => {
    const [, demo] = defaults.accounts;
    for (let attempt = 0; attempt < 10; attempt++) expectError(await loginTo(demo, `guess-${attempt}`), 401);
    const reply = await loginTo(demo, demo?.password ?? "");
    expect(expectError(reply, 429).msg).toMatch(/1[45] minutes/);
    expect(Number(reply.headers.get("retry-after"))).toBeGreaterThan(800);
  });
});
