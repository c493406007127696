// `keys` and `groups` through the real CLI, as child processes, offline after one sync against the
// reference service (stopped before they run): the bakery set chosen as the branch's default, its
// tabs and keys with the till's prices, a set picked by name, a missing product's key disabled with
// its reason, and the groups with their product counts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoBranches } from "../../src/server/demo/demo-branches.ts";
import { demoFavouriteSetIds } from "../../src/server/demo/demo-favourite-ids.ts";
import { demoGroupId } from "../../src/server/demo/demo-product-groups.ts";
import { demoSaleCaseIds } from "../../src/server/demo/demo-sale-cases.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import { demoLoginArgs, runCli } from "../support/cli-process.ts";
import { tempDir } from "../support/service-fixtures.ts";

const seed = 41;
let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
const people = { LC_ALL: "en_GB.UTF-8", TZ: "Europe/Berlin" };
const cli = (...args: string[]) => runCli(["--data-dir", dir.path, ...args], people);
const json = async (...args: string[]) => {
  const result = await cli(...args, "--json");
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};
const ids = demoSaleCaseIds(seed);
const berlin = demoBranches[0]?.id ?? "";

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 300, seed });
  dir = await tempDir();
  expect((await runCli(["--data-dir", dir.path, ...demoLoginArgs(service.demo)], people)).code).toBe(0);
  expect((await cli("sync")).code).toBe(0);
  // Offline from here on.
  await service.close();
}, 60_000);
afterAll(async () => {
  await dir.remove();
});

describe("catalog keys, offline", () => {
  it("shows the only choice left to a till of no branch: the groups, unless a set is asked for", async () => {
    const keys = await json("keys");
    expect(keys.source).toBe("groups");
    expect(keys.sets.map((set: { id: string }) => set.id).sort()).toEqual(
      [demoFavouriteSetIds.bakery, demoFavouriteSetIds.drinks].sort(),
    );
    const text = (await cli("keys", "--set", "getränketheke")).stdout;
    expect(text).toContain("Favourite set: Getränketheke (as asked)");
    expect(text).toMatch(/Tabs: 1 Kaffee \| 2 Kalt/u);
  });

  it("shows the branch's default set, a tab's keys with the till's prices and a missing product's reason", async () => {
    expect((await cli("branch", berlin)).code).toBe(0);
    const keys = await json("keys");
    expect(keys).toMatchObject({ source: "favourites", chosenBy: "branch-default", tab: 0 });
    expect(keys.set.id).toBe(demoFavouriteSetIds.bakery);
    const roll = keys.keys.find((key: { id: string }) => key.id === ids.roll);
    expect(roll).toMatchObject({
      name: "Weizenbrötchen",
      price: { amount: { gross: 0.45 }, currency: "EUR" },
    });
    const croissant = keys.keys.find((key: { id: string }) => key.id === ids.croissant);
    expect(croissant.variantParent).toBe(true);

    const text = (await cli("keys", "--tab", "1")).stdout;
    expect(text).toContain("Favourite set: Bäckertheke (the branch's default)");
    expect(text).toMatch(/1 {2}Weizenbrötchen {2}€0\.45/u);

    const last = await json("keys", "--tab", "4");
    const missing = last.keys.find((key: { id: string }) => key.id === ids.missing);
    expect(missing.disabled).toMatchObject({ kind: "missing" });
    expect((await cli("keys", "--tab", "4")).stdout).toContain(
      "[cannot be used: This key's product is not in the catalog",
    );
    const cake = (await json("keys", "--tab", "2")).keys.find((key: { id: string }) => key.id === ids.cake);
    expect(cake.priceEntry).toBe(true);
  });

  it("refuses a tab out of range in plain words", async () => {
    const result = await cli("keys", "--tab", "26");
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("--tab must be a whole number from 1 to 25");
    // The bakery set has four tabs: a fifth is not quietly the first.
    const past = await cli("keys", "--tab", "5");
    expect(past.code).toBe(2);
    expect(past.stderr).toContain("--tab 5: there are only 4 tabs (1 Brötchen, 2 Kuchen & Süßes");
    expect(past.stdout).toBe("");
  });
});

describe("status and check, offline", () => {
  it("count the favourite sets, groups and taxes held", async () => {
    expect((await cli("status")).stdout).toContain(
      "Counter keys and card: 2 favourite sets, 12 product groups, 3 taxes",
    );
    expect((await json("status")).referenceData.taxes).toEqual({
      held: 3,
      state: "read",
      refused: 0,
      withUnusableParts: 0,
    });
    expect((await json("check")).referencesWithUnusableParts).toEqual([]);
  });
});

describe("catalog groups, offline", () => {
  it("lists the groups with their product counts, largest first", async () => {
    const groups = await json("groups");
    expect(groups.length).toBeGreaterThanOrEqual(12);
    const counts = groups.map((group: { products: number }) => group.products);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const bakery = groups.find((group: { id: string }) => group.id === demoGroupId("bakery"));
    expect(bakery).toMatchObject({ name: "Backwaren", color: "#C8811A" });
    expect(bakery.products).toBeGreaterThan(5);
    const text = (await cli("groups")).stdout;
    expect(text).toMatch(new RegExp(`${bakery.products}\\s+Backwaren`, "u"));
  });
});
