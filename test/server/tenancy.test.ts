// Two accounts on one service: neither can read, list, change nor create anything in the other, on any
// route, with any kind of token, by either form of the account id, or by naming the other's records.
import { describe, expect, it } from "vitest";
import { expectError } from "./error-envelope.ts";
import { type AccountFixture, accountFixture, routeCases } from "./route-catalog.ts";
import { call, keyToken, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 4, accounts: 2 });
const [first, second] = service.accounts;
if (!first || !second) throw new Error("the service should have started two accounts");
const a = await accountFixture(service, first);
const b = await accountFixture(service, second);

/** Everything an account holds, as its own admin sees it: products (live and deleted) and sub-users. */
async function holdings(target: AccountFixture): Promise<string> {
  const read = async (path: string) => {
    const reply = await call(service, "GET", path, { token: target.admin });
    expect(reply.status, reply.text).toBe(200);
    return (reply.json as { results: unknown[] }).results;
  };
  return JSON.stringify([
    await read(`${target.paths.products}?deleted=false`),
    await read(`${target.paths.products}?deleted=true`),
    await read(target.paths.users),
  ]);
}

const pairs: [string, AccountFixture, AccountFixture][] = [
  ["first on second", a, b],
  ["second on first", b, a],
];

describe.each(pairs)("a token of one account (%s)", (_, caller, target) => {
  it.each(routeCases)("is refused on the other's path: $name", async (route) => {
    const tokens = [caller.admin, await keyToken(service, caller.demo.apiKey, caller.demo.accountId)];
    for (const token of tokens) {
      for (const accountId of [target.demo.legacyId, target.demo.accountId]) {
        const request = await route.prepare(target);
        const path = request.path.replace(target.demo.legacyId, accountId);
        const before = await holdings(target);
        expectError(await call(service, route.method, path, { token, body: request.body }), 403);
        expect(await holdings(target)).toBe(before);
      }
    }
  });

  it.each(routeCases.filter((route) => route.onRecord))(
    "cannot reach the other's records through its own account: $name",
    async (route) => {
      const request = await route.prepare(target);
      const before = await holdings(target);
      const ownAccount = request.path
        .replace(target.demo.legacyId, caller.demo.legacyId)
        .replace(target.demo.configurationId, caller.demo.configurationId);
      expectError(
        await call(service, route.method, ownAccount, { token: caller.admin, body: request.body }),
        404,
      );
      expect(await holdings(target)).toBe(before);
    },
  );

  it.each(routeCases.filter((route) => route.permission.startsWith("users:")))(
    "cannot use the other's configuration under its own account: $name",
    async (route) => {
      const request = await route.prepare(target);
      const path = request.path.replace(target.demo.legacyId, caller.demo.legacyId);
      expectError(await call(service, route.method, path, { token: caller.admin, body: request.body }), 404);
    },
  );

  it("lists only its own products and sub-users", async () => {
    const products = await call(service, "GET", `${caller.paths.products}?deleted=true`, {
      token: caller.admin,
    });
    const live = await call(service, "GET", caller.paths.products, { token: caller.admin });
    for (const reply of [products, live]) {
      for (const product of (reply.json as { results: { account: string }[] }).results) {
        expect(product.account).toBe(caller.demo.accountId);
      }
    }
    const users = await call(service, "GET", caller.paths.users, { token: caller.admin });
    expect(users.text).toContain(caller.demo.username);
    expect(users.text).not.toContain(target.demo.username);
    const meta = await call(service, "GET", caller.paths.meta, { token: caller.admin });
    const counted = (meta.json as { results: [{ count: number }] }).results[0].count;
    expect(counted).toBe((live.json as { count: number }).count);
  });

  it("cannot sign in to the other with its own credentials", async () => {
    const keyLogin = await call(service, "POST", "/api/v1/users/auth/key", {
      body: { id: target.demo.accountId, api_key: caller.demo.apiKey },
    });
    expectError(keyLogin, 401);
    const orgLogin = await call(service, "POST", "/api/v1/users/auth/organisation/login", {
      body: {
        organisation: target.demo.organisation,
        username: caller.demo.username,
        password: caller.demo.password,
      },
    });
    expectError(orgLogin, 401);
  });
});
