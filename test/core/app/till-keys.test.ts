// The counter keys read from a real catalog file with hand-made rows: a favourite set's tab with its
// keys in order, priced by the lookups' rule with the tax completing net and gross, coloured, a
// missing and a not-for-sale product disabled with their reasons, a group paged alphabetically, and
// the groups as tabs when the account has no set.
import { describe, expect, it } from "vitest";
import { readReference } from "../../../src/core/api/reference-reading.ts";
import { createTillKeys } from "../../../src/core/app/till-keys.ts";
import type { CatalogStore } from "../../../src/core/catalog/catalog-store.ts";
import type { FavouriteSetInfo, ProductGroupInfo, TaxInfo } from "../../../src/shared/api/reference-data.ts";
import { livePage, product, tempCatalogs } from "../../support/temp-catalogs.ts";

const temp = tempCatalogs();

const taxes: TaxInfo[] = [
  { id: "vat-7", name: "VAT 7 %", rate: 0.07, active: true },
  { id: "vat-19", name: "VAT 19 %", rate: 0.19, active: true },
];
const groups: ProductGroupInfo[] = [
  { id: "bread", name: "Bread", number: "1", color: "#d4a373", tax: "vat-7", active: true },
  { id: "drinks", name: "Drinks", number: "2", color: "#4fc3f7", tax: "vat-19", active: true },
];
const eur = (gross: number | null, net: number | null = null) => ({
  default_prices: [{ amount: { gross, net }, currency: "EUR" }],
});

/** A set as the service sends it, tabs and keys out of order, read as the sync reads it. */
function bakerySet(id = "bakery", name = "Bakery counter"): FavouriteSetInfo {
  const key = (type: string, object_id: string, order_index: number) => ({ type, object_id, order_index });
  const raw = {
    id,
    name,
    tabs: [
      { name: "Drinks", order_index: 1, items: [key("product", "cola", 1)] },
      {
        name: "Bread",
        order_index: 0,
        items: [
          key("product", "display", 4),
          key("product", "roll", 1),
          key("product_group", "bread", 2),
          key("product", "gone", 3),
          key("product", "cake", 5),
          key("voucher", "v1", 6),
        ],
      },
    ],
  };
  const reading = readReference("favourites", raw);
  if (!reading.held) throw new Error(reading.reason);
  return reading.value;
}

async function catalogWith(sets: FavouriteSetInfo[], extra: ReturnType<typeof product>[] = []) {
  const store = await temp.open(temp.file());
  await store.applyPage(
    livePage([
      product({ id: "roll", name: "Bread roll", product_group: "bread", prices: eur(0.45) }),
      product({
        id: "cola",
        name: "Cola 0.33 l",
        product_group: "drinks",
        prices: eur(null, 2),
        default_tile_color: "#ff0000",
      }),
      product({
        id: "display",
        name: "Display loaf",
        product_group: "bread",
        sellable: false,
        prices: eur(3),
      }),
      product({
        id: "cake",
        name: "Cake by weight",
        product_group: "bread",
        configuration: { pricing: { request_input: true } },
      }),
      ...extra,
    ]),
  );
  await store.saveReferenceList(
    "taxes",
    taxes.map((value) => ({ value, unusable: [] })),
    0,
  );
  await store.saveReferenceList(
    "product_groups",
    groups.map((value) => ({ value, unusable: [] })),
    0,
  );
  await store.saveReferenceList(
    "favourites",
    sets.map((value) => ({ value, unusable: [] })),
    0,
  );
  // As a sync does once it has stored the products.
  await store.recountGroups();
  return store;
}

function keysOf(store: CatalogStore, setting: string | null = null) {
  return createTillKeys({
    read: (work) => work(store),
    priceContext: async () => ({ branch: null, currency: "EUR", at: 5_000, timeZone: "UTC" }),
    pictures: async (ids): Promise<Record<string, string>> =>
      ids.includes("roll") ? { roll: "a".repeat(64) } : {},
    chosen: async () => ({ setting, branch: null }),
  });
}

describe("a favourite set's keys", () => {
  it("answers the first tab's keys in order, priced, coloured and with their reasons", async () => {
    const answer = await keysOf(await catalogWith([bakerySet()])).keys();
    expect(answer).toMatchObject({
      source: "favourites",
      set: { id: "bakery" },
      chosenBy: "only-set",
      tab: 0,
    });
    expect(answer.tabs.map((tab) => tab.name)).toEqual(["Bread", "Drinks"]);
    const [roll, group, gone, display, cake, voucher] = answer.keys;
    expect(roll).toMatchObject({ kind: "product", name: "Bread roll", color: "#d4a373", disabled: null });
    expect(roll?.picture).toBe("a".repeat(64));
    // Gross given only: the net follows from the group's 7 %.
    expect(roll?.price?.amount).toEqual({ gross: 0.45, net: 0.42 });
    expect(group).toMatchObject({
      kind: "group",
      id: "bread",
      name: "Bread",
      color: "#d4a373",
      disabled: null,
    });
    expect(gone).toMatchObject({ kind: "product", name: null, disabled: { kind: "missing" } });
    expect(display).toMatchObject({ disabled: { kind: "not-sellable" } });
    expect(cake).toMatchObject({ priceEntry: true, disabled: null });
    expect(voucher).toMatchObject({ kind: "other", disabled: { kind: "not-a-product" } });
  });

  it("answers a group's colour saved by a later sync, not the one read before", async () => {
    const store = await catalogWith([bakerySet()]);
    const keys = keysOf(store);
    expect((await keys.keys()).keys[0]?.color).toBe("#d4a373");
    const recoloured = groups.map((group) => ({ value: { ...group, color: "#000000" }, unusable: [] }));
    await store.saveReferenceList("product_groups", recoloured, 0);
    expect((await keys.keys()).keys[0]?.color).toBe("#000000");
  });

  it("answers another tab, the tile colour of the product before its group's, net completing gross", async () => {
    const answer = await keysOf(await catalogWith([bakerySet()])).keys({ tab: 1 });
    expect(answer.tab).toBe(1);
    expect(answer.keys[0]).toMatchObject({ id: "cola", color: "#ff0000" });
    expect(answer.keys[0]?.price?.amount).toEqual({ net: 2, gross: 2.38 });
  });

  it("picks a set by name when asked, else by the setting among several, and says when a name is unknown", async () => {
    const store = await catalogWith([bakerySet(), bakerySet("drinks", "Drinks counter")]);
    expect((await keysOf(store).keys({ set: "drinks COUNTER" })).set?.id).toBe("drinks");
    expect((await keysOf(store, "Bakery counter").keys()).chosenBy).toBe("setting");
    const unknown = await keysOf(store).keys({ set: "Café" });
    expect(unknown.source).toBe("groups");
    expect(unknown.notice).toContain('"Café"');
  });
});

describe("a group's products", () => {
  it("pages a group alphabetically, 25 a page, without repeats or gaps", async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      product({ id: `b${index}`, name: `Bun ${String(index).padStart(2, "0")}`, product_group: "bread" }),
    );
    const store = await catalogWith([bakerySet()], many);
    const keys = keysOf(store);
    const names: (string | null)[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await keys.groupKeys("bread", after);
      names.push(...page.keys.map((key) => key.name));
      expect(page.keys.length).toBeLessThanOrEqual(25);
      expect(page.total).toBe(63);
      after = page.next;
      if (after === null) break;
    }
    expect(names).toHaveLength(63);
    expect(names).toEqual([...names].sort((a, b) => (a ?? "").localeCompare(b ?? "")));
    await expect(keys.groupKeys("bread", "not a page")).rejects.toThrow(/not one this till gave out/);
    // A sync adding to the group: its size is counted again.
    await store.applyPage(livePage([product({ id: "new", name: "Brioche", product_group: "bread" })]));
    expect((await keys.groupKeys("bread")).total).toBe(64);
  });

  it("makes the groups tabs, largest first, when the account has no favourite set", async () => {
    const keys = keysOf(await catalogWith([]));
    const answer = await keys.keys();
    expect(answer).toMatchObject({ source: "groups", set: null, tab: 0 });
    expect(answer.tabs).toEqual([
      { name: "Bread", group: "bread", keys: 3 },
      { name: "Drinks", group: "drinks", keys: 1 },
    ]);
    expect(answer.keys.map((key) => key.name)).toEqual(["Bread roll", "Cake by weight", "Display loaf"]);
    expect(await keys.groups()).toEqual([
      { id: "bread", name: "Bread", color: "#d4a373", products: 3 },
      { id: "drinks", name: "Drinks", color: "#4fc3f7", products: 1 },
    ]);
  });
});
