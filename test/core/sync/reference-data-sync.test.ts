// The favourite sets, product groups and taxes kept by the sync against the reference service over
// HTTP: read whole by a full and an incremental sync (a set rearranged at the service reaches the
// till), a service lacking one list (404) noted once and not asked again but by a full sync, and
// records with odd parts kept part by part, the sync succeeding all the same.
import { describe, expect, it } from "vitest";
import { demoFavouriteSetIds } from "../../../src/server/demo/demo-favourite-ids.ts";
import { demoGroupId } from "../../../src/server/demo/demo-product-groups.ts";
import { proxiedService } from "../../support/proxied-service.ts";

const services = proxiedService({ demoProducts: 120, seed: 7 });
const { till } = services;

/** Renames the bakery set's first tab at the service, as a shop arranging its keys would. */
async function renameFirstTab(name: string): Promise<void> {
  const { service } = services.running();
  const { organisation, username, password, accountId } = service.demo;
  const at = (path: string, init: RequestInit) => fetch(`${service.baseUrl}${path}`, init);
  const json = { "content-type": "application/json" };
  const login = await at("/api/v1/users/auth/organisation/login", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ organisation, username, password }),
  });
  const headers = { ...json, authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const path = `/api/v0/favourites/${accountId}/${demoFavouriteSetIds.bakery}`;
  const set = ((await (await at(path, { headers })).json()) as { results: { tabs: { name: string }[] }[] })
    .results[0];
  const tabs = set?.tabs.map((tab, index) => (index === 0 ? { ...tab, name } : tab));
  const put = await at(path, { method: "PUT", headers, body: JSON.stringify({ tabs }) });
  expect(put.status).toBe(200);
}

describe("the reference data", () => {
  it("is kept by a full sync and brought up to date by an incremental one", async () => {
    const core = await till();
    expect((await core.sync()).mode).toBe("full");
    const data = (await core.status()).referenceData;
    expect(data).toEqual({
      favourites: { held: 2, state: "read", refused: 0, withUnusableParts: 0 },
      productGroups: { held: 12, state: "read", refused: 0, withUnusableParts: 0 },
      taxes: { held: 3, state: "read", refused: 0, withUnusableParts: 0 },
    });
    const before = await core.keys.keys({ set: "Bäckertheke" });
    expect(before.tabs[0]?.name).toBe("Brötchen");

    await renameFirstTab("Semmeln");
    expect((await core.sync()).mode).toBe("incremental");
    expect((await core.keys.keys({ set: "Bäckertheke" })).tabs[0]?.name).toBe("Semmeln");
    // The card names the group and tax of what a key sells.
    const roll = before.keys.find((key) => key.kind === "product" && key.disabled === null);
    const card = await core.product(roll?.id ?? "");
    expect(card?.group).toEqual({ id: demoGroupId("bakery"), name: "Backwaren" });
    expect(card?.tax).toMatchObject({ rate: 0.07 });
  });

  it("notes a list the service lacks (404) once, keeps the others, and asks again only at a full sync", async () => {
    const { upstream } = services.running();
    upstream.behave({ missing: ({ path }) => path.startsWith("/api/v0/taxes/") });
    const core = await till(true);
    const asked = () => upstream.paths.filter((path) => path.startsWith("/api/v0/taxes/")).length;
    const first = asked();
    await core.sync();
    expect(asked()).toBe(first + 1);
    const data = (await core.status()).referenceData;
    expect(data.taxes).toEqual({ held: 0, state: "absent", refused: 0, withUnusableParts: 0 });
    expect(data.favourites.held).toBe(2);
    await core.sync();
    expect(asked()).toBe(first + 1);
    // Keys answer without taxes: prices as the records give them.
    expect((await core.keys.keys({ set: "Getränketheke" })).keys.length).toBeGreaterThan(0);

    upstream.behave({});
    await core.sync({ full: true });
    expect(asked()).toBe(first + 2);
    expect((await core.status()).referenceData.taxes).toMatchObject({ held: 3, state: "read" });
  });

  it("keeps records with odd parts part by part, counts the unreadable ones, and the sync succeeds", async () => {
    const { upstream } = services.running();
    upstream.behave({
      rewrite({ path }, body) {
        if (!path.startsWith("/api/v0/product_groups/")) return body;
        const results = body.results as Record<string, unknown>[];
        return {
          ...body,
          results: [{ ...results[0], color: 7, name: ["Brot"] }, { name: "no id" }, ...results.slice(1)],
        };
      },
    });
    const core = await till(true);
    await expect(core.sync()).resolves.toMatchObject({ mode: "full" });
    expect((await core.status()).referenceData.productGroups).toEqual({
      held: 12,
      state: "read",
      refused: 1,
      withUnusableParts: 1,
    });
    const check = await core.check();
    expect(check.referencesWithUnusableParts).toEqual([
      {
        kind: "product_groups",
        id: demoGroupId("bakery"),
        parts: ["name: a list, not text", "color: a number, not text"],
      },
    ]);
    upstream.behave({});
  });
});
