// Favourite sets (the till's keys): GET /api/v0/favourites listed, paged and read by id over real HTTP,
// the demo's two sets valid under the upstream's schema and naming what the catalog holds (and one
// product it lacks), a branch's default_favourite naming one; POST and PUT validated, a bad body
// refused with 400 naming the field and nothing stored.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { demoBranches } from "../../src/server/demo/demo-branches.ts";
import { demoFavouriteSetIds } from "../../src/server/demo/demo-favourite-ids.ts";
import { demoFavourites } from "../../src/server/demo/demo-favourites.ts";
import { demoProductGroups } from "../../src/server/demo/demo-product-groups.ts";
import { branchRecordSchema, favouriteRecordSchema, oracle } from "../support/upstream-schemas.ts";
import { expectError } from "./error-envelope.ts";
import { accountFixture, makeUser, newFavouriteBody } from "./route-catalog.ts";
import { call, keyToken, paths, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 120 });
const token = await keyToken(service);
const own = paths(service);
const schema = oracle(favouriteRecordSchema());

interface FavouriteSet {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  tabs: {
    name: string;
    order_index: number;
    items: { type: string; object_id: string; order_index: number }[];
  }[];
}
interface Page {
  count: number;
  results: FavouriteSet[];
  cursor: { next?: string };
}

const list = async (query = "") => {
  const reply = await call(service, "GET", `${own.favourites}${query}`, { token });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as Page;
};
const post = (body: unknown) => call(service, "POST", own.favourites, { token, body });
const put = (id: string, body: unknown) => call(service, "PUT", own.favourite(id), { token, body });

describe("the demo's favourite sets", () => {
  it("are a bakery and a drinks counter, 3-6 tabs each, valid under the upstream's schema", async () => {
    const sets = (await list()).results;
    expect(sets.map((set) => set.id).sort()).toEqual(Object.values(demoFavouriteSetIds).sort());
    for (const set of sets) {
      expect(schema.problems(set), set.name).toEqual([]);
      expect(set.tabs.length).toBeGreaterThanOrEqual(3);
      expect(set.tabs.length).toBeLessThanOrEqual(6);
    }
    // The oracle refuses what the upstream refuses.
    const [first] = sets as [FavouriteSet];
    const badKey = { ...first.tabs[0]?.items[0], type: "coupon" };
    expect(schema.problems({ ...first, tabs: [{ ...first.tabs[0], items: [badKey] }] })).not.toEqual([]);
    expect(schema.problems({ ...first, colour: "red" })).not.toEqual([]);
  });

  it("key products of the catalog (variant parents, a price asked for), whole groups, and one product it lacks", async () => {
    const products = (
      (await call(service, "GET", `${own.products}?size=5000`, { token })).json as {
        results: {
          id: string;
          type: string;
          configuration: { pricing?: { request_input?: boolean } } | null;
        }[];
      }
    ).results;
    const byId = new Map(products.map((product) => [product.id, product]));
    const groupIds = new Set(demoProductGroups.map((group) => group.id));
    const keys = (await list()).results.flatMap((set) => set.tabs.flatMap((tab) => tab.items));
    const productKeys = keys.filter((key) => key.type === "product");
    expect(productKeys.filter((key) => !byId.has(key.object_id))).toHaveLength(1);
    const keyed = productKeys.map((key) => byId.get(key.object_id));
    expect(keyed.some((product) => product?.type === "variant_product")).toBe(true);
    expect(keyed.some((product) => product?.configuration?.pricing?.request_input === true)).toBe(true);
    const groupKeys = keys.filter((key) => key.type === "product_group");
    expect(groupKeys.length).toBeGreaterThan(0);
    expect(groupKeys.every((key) => groupIds.has(key.object_id))).toBe(true);
  });

  it("are what demoFavourites gives for the catalog's seed, and valid for any seed", () => {
    for (const seed of [1, 2, 99]) {
      for (const set of demoFavourites(seed, Date.UTC(2026, 0, 1))) expect(schema.problems(set)).toEqual([]);
    }
  });

  it("include the default_favourite of a branch, whose record stays valid under the branch schema", async () => {
    const branches = (
      (await call(service, "GET", own.branches, { token })).json as {
        results: { id: string; default_favourite: string | null }[];
      }
    ).results;
    const branchSchema = oracle(branchRecordSchema());
    expect(branches.flatMap((branch) => branchSchema.problems(branch))).toEqual([]);
    const defaults = branches.map((branch) => branch.default_favourite).filter((id) => id !== null);
    expect(defaults).toEqual([demoFavouriteSetIds.bakery]);
    expect(branches.find((branch) => branch.default_favourite !== null)?.id).toBe(demoBranches[0]?.id);
    expect(branchSchema.problems({ ...branches[0], default_favourite: "bakery" })).not.toEqual([]);
  });
});

describe("reading favourite sets", () => {
  it("pages them by size and the next cursor, and answers one by id", async () => {
    const first = await list("?size=1");
    expect(first.results).toHaveLength(1);
    const next = new URL(first.cursor.next as string);
    const second = (await call(service, "GET", `${next.pathname}${next.search}`, { token })).json as Page;
    expect(second.results).toHaveLength(1);
    expect(second.results[0]?.id).not.toBe(first.results[0]?.id);
    const one = await call(service, "GET", own.favourite(demoFavouriteSetIds.drinks), { token });
    expect(one.status, one.text).toBe(200);
    expect((one.json as { results: FavouriteSet[] }).results[0]?.name).toBe("Getränketheke");
  });

  it("answers 404 for a set the account lacks and 400 for an id that is no UUID", async () => {
    const missing = expectError(await call(service, "GET", own.favourite(randomUUID()), { token }), 404);
    expect(missing.msg).toBe("No favourite set with this id.");
    expectError(await call(service, "GET", own.favourite("bakery"), { token }), 400);
    expectError(await put(randomUUID(), { name: "Nowhere" }), 404);
  });
});

describe("writing favourite sets", () => {
  it("creates a set, lists it, and changes it with PUT, later in the updated_at walk", async () => {
    const body = newFavouriteBody({ name: "Obsttheke" });
    const created = await post(body);
    expect(created.status, created.text).toBe(200);
    const record = (created.json as { results: FavouriteSet[] }).results[0] as FavouriteSet;
    expect(record).toMatchObject({ name: "Obsttheke", tabs: body.tabs, active: true, deleted: false });
    expect(schema.problems(record)).toEqual([]);
    expect((await list()).results.map((set) => set.id)).toContain(record.id);

    const tabs = [
      { ...body.tabs[0], name: "Äpfel", order_index: 3 },
      { name: null, client_id: randomUUID(), order_index: 0, items: [] },
    ];
    const changed = await put(record.id, { name: "Obst & Gemüse", tabs });
    expect(changed.status, changed.text).toBe(200);
    const updated = (changed.json as { results: FavouriteSet[] }).results[0] as FavouriteSet;
    expect(updated).toMatchObject({ id: record.id, name: "Obst & Gemüse", tabs });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(record.updated_at));
    const since = await list(`?first=${encodeURIComponent(updated.updated_at)}`);
    expect(since.results.map((set) => set.id)).toEqual([record.id]);
    const read = await call(service, "GET", own.favourite(record.id), { token });
    expect((read.json as { results: FavouriteSet[] }).results[0]).toEqual(updated);
    // Sent back whole as read, with a change: the id and timestamps are the service's, not the body's.
    const again = await put(record.id, {
      ...updated,
      id: randomUUID(),
      created_at: "2000-01-01T00:00:00Z",
      active: false,
    });
    expect(again.status, again.text).toBe(200);
    const resent = (again.json as { results: FavouriteSet[] }).results[0] as FavouriteSet &
      Record<string, unknown>;
    expect(resent).toMatchObject({ id: record.id, created_at: record.created_at, active: false, tabs });
  });

  const tab = (items: unknown[], orderIndex = 0) => ({
    client_id: randomUUID(),
    order_index: orderIndex,
    items,
  });
  const key = (orderIndex: number, type = "product") => ({
    type,
    object_id: randomUUID(),
    order_index: orderIndex,
    client_id: randomUUID(),
  });
  const refusals: [string, Record<string, unknown>, string][] = [
    ["a tab at order_index 25", { tabs: [tab([], 25)] }, "tabs.0.order_index"],
    ["a tab at order_index -1", { tabs: [tab([], -1)] }, "tabs.0.order_index"],
    ["a key at order_index 0", { tabs: [tab([key(0)])] }, "tabs.0.items.0.order_index"],
    ["a key at order_index 26", { tabs: [tab([key(1), key(26)])] }, "tabs.0.items.1.order_index"],
    ["a key at order_index 2.5", { tabs: [tab([key(2.5)])] }, "tabs.0.items.0.order_index"],
    ["a key of an unknown type", { tabs: [tab([key(1, "coupon")])] }, "tabs.0.items.0.type"],
    ["a key to no UUID", { tabs: [tab([{ ...key(1), object_id: "roll" }])] }, "tabs.0.items.0.object_id"],
    ["26 tabs", { tabs: Array.from({ length: 26 }, (_, index) => tab([], index % 25)) }, "tabs"],
    [
      "26 keys in a tab",
      { tabs: [tab(Array.from({ length: 26 }, (_, index) => key((index % 25) + 1)))] },
      "tabs.0.items",
    ],
    ["two keys in one place", { tabs: [tab([key(4), key(4)])] }, "tabs.0.items.1.order_index"],
    ["two tabs in one place", { tabs: [tab([], 2), tab([], 2)] }, "tabs.1.order_index"],
    ["no name", { name: undefined }, "name"],
    ["an empty name", { name: "" }, "name"],
    ["a key the schema does not have", { colour: "red" }, "colour"],
    ["tabs that are no list", { tabs: "Brot" }, "tabs"],
  ];

  it.each(refusals)("refuses %s with 400 naming the field, storing nothing", async (_, change, field) => {
    const count = (await list()).count;
    const refused = expectError(await post({ ...newFavouriteBody(), ...change }), 400);
    expect(refused.errors.map((error) => error.label)).toContain(field);
    expect(refused.msg).toContain(field);
    const set = demoFavouriteSetIds.drinks;
    const stored = async () => (await call(service, "GET", own.favourite(set), { token })).json;
    const before = await stored();
    expectError(await put(set, change.name === undefined && "name" in change ? { name: null } : change), 400);
    expect(await stored()).toMatchObject({ results: (before as { results: unknown }).results });
    expect((await list()).count).toBe(count);
  });

  it("refuses a write to a token without the write scope, and a body that is not JSON", async () => {
    const fixture = await accountFixture(service, service.demo);
    const reader = await makeUser(fixture, ["favourites:read"], true);
    const readerToken = await keyToken(service, reader.apiKey as string);
    expect((await call(service, "GET", own.favourites, { token: readerToken })).status).toBe(200);
    const refused = await call(service, "POST", own.favourites, {
      token: readerToken,
      body: newFavouriteBody(),
    });
    expect(expectError(refused, 403).msg).toContain("favourites:create");
    const update = await call(service, "PUT", own.favourite(demoFavouriteSetIds.bakery), {
      token: readerToken,
      body: { name: "Mine" },
    });
    expect(expectError(update, 403).msg).toContain("favourites:update");
    const text = await call(service, "POST", own.favourites, {
      token,
      rawBody: "name=Brot",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectError(text, 415);
  });

  it("refuses a change without a body, and a POST without one, with 400, changing nothing", async () => {
    const set = own.favourite(demoFavouriteSetIds.drinks);
    const before = (await call(service, "GET", set, { token })).json;
    for (const [method, path] of [
      ["PUT", set],
      ["POST", own.favourites],
    ] as const) {
      for (const headers of [{}, { "content-type": "application/json" }] as Record<string, string>[]) {
        const refused = await call(service, method, path, { token, rawBody: "", headers });
        expect(expectError(refused, 400).msg).toMatch(/body|favourite set/);
      }
    }
    expect((await call(service, "GET", set, { token })).json).toMatchObject({
      results: (before as { results: unknown }).results,
    });
  });
});
