// Scopes: a sub-user holding one scope alone is let through exactly the routes that scope covers, and no
// caller can obtain a permission it does not hold, directly, through a new sub-user, or through an API key.
import { describe, expect, it } from "vitest";
import { permissions } from "../../src/server/auth/scopes.ts";
import { expectError } from "./error-envelope.ts";
import { accountFixture, makeUser, newUserBody, routeCases } from "./route-catalog.ts";
import { call, keyToken, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 3 });
const own = await accountFixture(service, service.demo);
const orgLogin = "/api/v1/users/auth/organisation/login";

async function login(username: string, password: string): Promise<string> {
  const reply = await call(service, "POST", orgLogin, {
    body: { organisation: service.demo.organisation, username, password },
  });
  expect(reply.status, reply.text).toBe(200);
  return (reply.json as { token: string }).token;
}

/** A token of a fresh sub-user holding exactly `scopes`. */
async function tokenWith(scopes: string[]): Promise<string> {
  const user = await makeUser(own, scopes);
  return login(user.username, user.password);
}

/** The scope model as the README states it, written out independently of the service's code. */
function covers(scope: string, permission: string): boolean {
  return scope === "admin" || scope === permission || permission.startsWith(`${scope}:`);
}

const singleScopes = ["admin", ...permissions];

const tokensByScope = new Map<string, Promise<string>>();

describe.each(singleScopes)("a sub-user holding only %s", (scope) => {
  it.each(routeCases)("gets the expected answer from: $name", async (route) => {
    if (!tokensByScope.has(scope)) tokensByScope.set(scope, tokenWith([scope]));
    const token = await (tokensByScope.get(scope) as Promise<string>);
    const request = await route.prepare(own);
    const reply = await call(service, route.method, request.path, { token, body: request.body });
    if (covers(scope, route.permission)) expect(reply.status, reply.text).toBe(200);
    else expectError(reply, 403);
  });
});

describe("the account prefix", () => {
  it("counts a scope behind this account's id, in either form, as the scope itself", async () => {
    for (const account of [service.demo.accountId, service.demo.legacyId]) {
      const token = await tokenWith([`${account}:users:read`]);
      expect((await call(service, "GET", own.paths.users, { token })).status).toBe(200);
      expectError(await call(service, "GET", own.paths.products, { token }), 403);
    }
  });
});

describe("no way to a permission the caller does not hold", () => {
  it("refuses a new sub-user with more than its creator holds, the default scopes included", async () => {
    const token = await tokenWith(["users:create"]);
    const refused = [
      ["admin"],
      [`${service.demo.accountId}:admin`],
      ["products:read"],
      ["users:create", "users:read"],
      null,
    ];
    for (const scopes of refused) {
      const reply = await call(service, "POST", own.paths.users, { token, body: newUserBody(scopes) });
      expectError(reply, 403);
    }
    const allowed = await call(service, "POST", own.paths.users, {
      token,
      body: newUserBody(["users:create"]),
    });
    expect(allowed.status, allowed.text).toBe(200);
  });

  it("refuses an API key for a sub-user holding more than the caller, the admin first", async () => {
    const token = await tokenWith(["users:api_key"]);
    const admin = (await call(service, "GET", own.paths.users, { token: own.admin })).json as {
      results: { id: string; role: string | null }[];
    };
    const stronger = admin.results.filter((user) => user.role === "admin" || user.role === "serviceaccount");
    expect(stronger).toHaveLength(2);
    const reader = await makeUser(own, ["products:read"]);
    for (const id of [...stronger.map((user) => user.id), reader.id]) {
      expectError(await call(service, "POST", own.paths.apiKey(id), { token }), 403);
      expectError(await call(service, "DELETE", own.paths.apiKey(id), { token }), 403);
    }
    // The demo key still works: the refused revoke changed nothing.
    expect((await call(service, "GET", own.paths.products, { token: await keyToken(service) })).status).toBe(
      200,
    );
  });

  it("lets a key be issued for a sub-user holding no more than the caller, and that key holds no more", async () => {
    const token = await tokenWith(["users:api_key", "users:read"]);
    const peer = await makeUser(own, ["users:read"]);
    const issued = await call(service, "POST", own.paths.apiKey(peer.id), { token });
    expect(issued.status, issued.text).toBe(200);
    const apiKey = (issued.json as { results: [{ api_key: string }] }).results[0].api_key;
    const keyBased = await keyToken(service, apiKey);
    expect((await call(service, "GET", own.paths.users, { token: keyBased })).status).toBe(200);
    expectError(await call(service, "GET", own.paths.products, { token: keyBased }), 403);
    expectError(await call(service, "POST", own.paths.apiKey(peer.id), { token: keyBased }), 403);
  });

  it("refuses deleting a sub-user holding more than the caller", async () => {
    const token = await tokenWith(["users:delete"]);
    const users = (await call(service, "GET", own.paths.users, { token: own.admin })).json as {
      results: { id: string; role: string | null }[];
    };
    const admin = users.results.find((user) => user.role === "admin");
    expectError(await call(service, "DELETE", own.paths.user(admin?.id ?? ""), { token }), 403);
    const weaker = await makeUser(own, ["users:delete"]);
    expect((await call(service, "DELETE", own.paths.user(weaker.id), { token })).status).toBe(200);
    // The admin can still sign in.
    await login(service.demo.username, service.demo.password);
  });

  it("refuses scopes the service does not know, so no made-up scope can widen later", async () => {
    for (const scopes of [["products"], ["users"], ["products:*"], ["admin:all"], ["x".repeat(300)]]) {
      const reply = await call(service, "POST", own.paths.users, {
        token: own.admin,
        body: newUserBody(scopes),
      });
      expectError(reply, 400);
    }
  });
});

describe("API keys are shown once", () => {
  it("shows a key to its issuer only, and never in a list, which says whether one exists", async () => {
    const user = await makeUser(own, [], true);
    expect(user.apiKey).toMatch(/^[0-9a-f-]{36}$/);
    const token = await tokenWith(["users:read"]);
    for (const reader of [token, own.admin]) {
      const list = await call(service, "GET", own.paths.users, { token: reader });
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(user.apiKey);
      expect(list.text).not.toContain(service.demo.apiKey);
      const records = (list.json as { results: { id: string; api_key: unknown; has_api_key: unknown }[] })
        .results;
      for (const record of records) expect(record.api_key).toBeNull();
      expect(records.find((record) => record.id === user.id)?.has_api_key).toBe(true);
      expect(records.filter((record) => record.has_api_key === false).length).toBeGreaterThan(0);
    }
    const deleted = await call(service, "DELETE", own.paths.user(user.id), { token: own.admin });
    expect(deleted.status).toBe(200);
    expect(deleted.text).not.toContain(user.apiKey);
  });
});
