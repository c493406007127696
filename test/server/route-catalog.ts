// Every protected route of the service, each with the permission it needs and a way to build a request that
// would succeed for a caller holding it: what the request acts on (a product, a sub-user, a key) is made
// fresh by the target account's admin, so a route can be called again and again, by anyone, on any account.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { demoProductGroups } from "../../src/server/demo/demo-product-groups.ts";
import { demoTaxes } from "../../src/server/demo/demo-taxes.ts";
import type { DemoAccount, RunningService } from "../../src/server/service.ts";
import { accountPaths, adminToken, call } from "./service-harness.ts";

export interface AccountFixture {
  service: RunningService;
  demo: DemoAccount;
  /** A token of the account's admin. */
  admin: string;
  paths: ReturnType<typeof accountPaths>;
}

export async function accountFixture(service: RunningService, demo: DemoAccount): Promise<AccountFixture> {
  return { service, demo, admin: await adminToken(service, demo), paths: accountPaths(demo) };
}

export interface RouteRequest {
  path: string;
  body?: unknown;
}

export interface RouteCase {
  name: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The one permission the route needs. */
  permission: string;
  /** The path names one record (a product or a sub-user) of the account. */
  onRecord?: true;
  /** A request on `target` that succeeds for a caller with the permission. */
  prepare(target: AccountFixture): Promise<RouteRequest>;
}

let made = 0;
function unique(): string {
  made += 1;
  return `${Date.now().toString(36)}-${made}`;
}

export function newUserBody(scopes: string[] | null = [], overrides: Record<string, unknown> = {}) {
  const email = `user-${unique()}@example.test`;
  return {
    user: { id: null, email },
    description: "Till",
    active: true,
    user_id: null,
    scopes,
    username: email,
    secret: "s3cret-pass",
    locations: null,
    firstname: "Test",
    lastname: "User",
    ...overrides,
  };
}

/** A sub-user made by the account's admin; with `withKey`, an API key issued to it too. */
export async function makeUser(target: AccountFixture, scopes: string[] | null = [], withKey = false) {
  const body = newUserBody(scopes);
  const created = await call(target.service, "POST", target.paths.users, { token: target.admin, body });
  expect(created.status, created.text).toBe(200);
  const id = (created.json as { results: [{ id: string }] }).results[0].id;
  let apiKey: string | null = null;
  if (withKey) {
    const issued = await call(target.service, "POST", target.paths.apiKey(id), { token: target.admin });
    expect(issued.status, issued.text).toBe(200);
    apiKey = (issued.json as { results: [{ api_key: string }] }).results[0].api_key;
  }
  return { id, username: body.username, password: body.secret, apiKey };
}

export async function makeProduct(target: AccountFixture): Promise<string> {
  const body = { name: `Product ${unique()}`, tax: "t", type: "product" };
  const created = await call(target.service, "POST", target.paths.products, { token: target.admin, body });
  expect(created.status, created.text).toBe(200);
  return (created.json as { results: [{ id: string }] }).results[0].id;
}

const productBody = () => ({ name: `Product ${unique()}`, tax: "t", type: "product" });

/** A favourite set as a shop would send it: one tab with a key to a product. */
export function newFavouriteBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Keys ${unique()}`,
    client_id: randomUUID(),
    tabs: [
      {
        name: "Brot",
        client_id: randomUUID(),
        order_index: 0,
        items: [{ type: "product", object_id: randomUUID(), order_index: 1, client_id: randomUUID() }],
      },
    ],
    ...overrides,
  };
}

/** A favourite set made by the account's admin: its id is the account's alone. */
export async function makeFavourite(target: AccountFixture): Promise<string> {
  const body = newFavouriteBody();
  const created = await call(target.service, "POST", target.paths.favourites, { token: target.admin, body });
  expect(created.status, created.text).toBe(200);
  return (created.json as { results: [{ id: string }] }).results[0].id;
}

export const routeCases: RouteCase[] = [
  {
    name: "list products",
    method: "GET",
    permission: "products:read",
    prepare: async (t) => ({ path: t.paths.products }),
  },
  {
    name: "list products (trailing slash)",
    method: "GET",
    permission: "products:read",
    prepare: async (t) => ({ path: `${t.paths.products}/` }),
  },
  {
    name: "products meta",
    method: "GET",
    permission: "products:read",
    prepare: async (t) => ({ path: t.paths.meta }),
  },
  {
    name: "read one product",
    onRecord: true,
    method: "GET",
    permission: "products:read:one",
    prepare: async (t) => ({ path: t.paths.product(await makeProduct(t)) }),
  },
  {
    name: "create a product",
    method: "POST",
    permission: "products:create",
    prepare: async (t) => ({ path: t.paths.products, body: productBody() }),
  },
  {
    name: "create a product (trailing slash)",
    method: "POST",
    permission: "products:create",
    prepare: async (t) => ({ path: `${t.paths.products}/`, body: productBody() }),
  },
  {
    name: "update a product",
    onRecord: true,
    method: "PUT",
    permission: "products:update",
    prepare: async (t) => ({ path: t.paths.product(await makeProduct(t)), body: { name: "Renamed" } }),
  },
  {
    name: "delete a product",
    onRecord: true,
    method: "DELETE",
    permission: "products:delete",
    prepare: async (t) => ({ path: t.paths.product(await makeProduct(t)) }),
  },
  {
    name: "list branches",
    method: "GET",
    permission: "branches:read",
    prepare: async (t) => ({ path: t.paths.branches }),
  },
  {
    name: "list taxes",
    method: "GET",
    permission: "taxes:read",
    prepare: async (t) => ({ path: t.paths.taxes }),
  },
  {
    // The demo's taxes have the same ids in every account, like its branches: not a record of one account.
    name: "read one tax",
    method: "GET",
    permission: "taxes:read",
    prepare: async (t) => ({ path: t.paths.tax(demoTaxes[0]?.id as string) }),
  },
  {
    name: "list product groups",
    method: "GET",
    permission: "product_groups:read",
    prepare: async (t) => ({ path: `${t.paths.productGroups}/` }),
  },
  {
    name: "read one product group",
    method: "GET",
    permission: "product_groups:read",
    prepare: async (t) => ({ path: t.paths.productGroup(demoProductGroups[0]?.id as string) }),
  },
  {
    name: "list favourite sets",
    method: "GET",
    permission: "favourites:read",
    prepare: async (t) => ({ path: t.paths.favourites }),
  },
  {
    name: "read one favourite set",
    onRecord: true,
    method: "GET",
    permission: "favourites:read",
    prepare: async (t) => ({ path: t.paths.favourite(await makeFavourite(t)) }),
  },
  {
    name: "create a favourite set",
    method: "POST",
    permission: "favourites:create",
    prepare: async (t) => ({ path: t.paths.favourites, body: newFavouriteBody() }),
  },
  {
    name: "update a favourite set",
    onRecord: true,
    method: "PUT",
    permission: "favourites:update",
    prepare: async (t) => ({ path: t.paths.favourite(await makeFavourite(t)), body: { name: "Renamed" } }),
  },
  {
    name: "create a sub-user",
    method: "POST",
    permission: "users:create",
    prepare: async (t) => ({ path: t.paths.users, body: newUserBody([]) }),
  },
  {
    name: "list sub-users",
    method: "GET",
    permission: "users:read",
    prepare: async (t) => ({ path: t.paths.users }),
  },
  {
    name: "delete a sub-user",
    onRecord: true,
    method: "DELETE",
    permission: "users:delete",
    prepare: async (t) => ({ path: t.paths.user((await makeUser(t)).id) }),
  },
  {
    name: "issue an API key",
    onRecord: true,
    method: "POST",
    permission: "users:api_key",
    prepare: async (t) => ({ path: t.paths.apiKey((await makeUser(t)).id) }),
  },
  {
    name: "revoke an API key",
    onRecord: true,
    method: "DELETE",
    permission: "users:api_key",
    prepare: async (t) => ({ path: t.paths.apiKey((await makeUser(t, [], true)).id) }),
  },
];
