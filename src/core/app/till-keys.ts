// The counter keys as the till answers them: the chosen favourite set's tabs (or, with none, the
// product groups as tabs) and a group's products, each key with what its tile shows. Prices come
// from the lookups' price rule at this instant, with the product's tax filling in net or gross.
import type { Product } from "../../shared/api/product.ts";
import type { FavouriteSetInfo } from "../../shared/api/reference-data.ts";
import {
  type CounterKeys,
  type GroupKeys,
  keysPerPage,
  type ProductGroupCount,
} from "../../shared/catalog/counter-keys.ts";
import type { PriceContext } from "../../shared/catalog/price-rule.ts";
import type { ProductPictures } from "../../shared/catalog/product-pictures.ts";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { referenceMaps } from "./group-and-tax.ts";
import { chooseKeySet } from "./key-set-choice.ts";
import { favouriteKey, groupPositionOf, type KeyFacts, productKey } from "./key-tiles.ts";

export interface TillKeys {
  /** The set's tabs and the keys of one (`tab`, from 0); `set` asks for a set by name. */
  keys(options?: { set?: string; tab?: number }): Promise<CounterKeys>;
  /** A group's products as keys, 25 a page, alphabetically; `after` is the previous page's `next`. */
  groupKeys(group: string, after?: string | null): Promise<GroupKeys>;
  /** The groups with their product counts, largest first. */
  groups(): Promise<ProductGroupCount[]>;
}

export interface TillKeysDeps {
  /** One read of the till's catalog (a sync committing meanwhile is not seen half). */
  read<T>(work: (store: CatalogStore) => Promise<T>): Promise<T>;
  priceContext(): Promise<PriceContext>;
  pictures(ids: readonly string[]): Promise<ProductPictures>;
  /** The set named in the settings, and the till's branch id. */
  chosen(): Promise<{ setting: string | null; branch: string | null }>;
}

export function createTillKeys(deps: TillKeysDeps): TillKeys {
  /** The prices now and the pictures held of these products, beside the groups and taxes read with them. */
  async function completed(
    base: Omit<KeyFacts, "context" | "pictures">,
    products: readonly Product[],
  ): Promise<KeyFacts> {
    const ids = products.map((product) => product.id);
    const [context, pictures] = await Promise.all([deps.priceContext(), deps.pictures(ids)]);
    return { ...base, context, pictures };
  }

  async function groups(): Promise<ProductGroupCount[]> {
    const { counts, listed } = await deps.read(async (store) => ({
      counts: await store.references.groupCounts(),
      listed: await store.references.all("product_groups"),
    }));
    const byId = new Map(listed.map((group) => [group.id, group]));
    const answer = counts.map(({ group, products }) => {
      const info = group === null ? undefined : byId.get(group);
      return { id: group, name: info?.name ?? null, color: info?.color ?? null, products };
    });
    const counted = new Set(counts.map((count) => count.group));
    for (const group of listed)
      if (!counted.has(group.id))
        answer.push({ id: group.id, name: group.name, color: group.color, products: 0 });
    return answer.sort((a, b) => b.products - a.products || (a.name ?? "").localeCompare(b.name ?? ""));
  }

  async function groupKeys(group: string, after: string | null = null): Promise<GroupKeys> {
    const position = after === null ? null : groupPositionOf(after);
    const found = await deps.read(async (store) => {
      const page = await store.references.groupPage(group, position, keysPerPage);
      const info = await store.references.byId("product_groups", group);
      const total = await store.references.groupSize(group);
      return { page, info, total, base: await referenceMaps(store) };
    });
    const { page, info } = found;
    const facts = await completed(found.base, page.products);
    return {
      group: { id: group, name: info?.name ?? null, color: info?.color ?? null },
      keys: page.products.map((product, index) => productKey(product, index + 1, facts)),
      next: page.next === null ? null : JSON.stringify([page.next.name, page.next.seq]),
      total: found.total,
    };
  }

  /** No favourite set: the largest groups as tabs, the shown one's first page as its keys. */
  async function groupTabs(
    tab: number,
  ): Promise<Pick<CounterKeys, "source" | "tabs" | "tab" | "keys" | "next">> {
    const tabs = (await groups())
      .filter((group) => group.id !== null && group.products > 0)
      .slice(0, keysPerPage);
    const shown = tabs[tab] ?? tabs[0];
    const page = shown?.id == null ? null : await groupKeys(shown.id);
    return {
      source: "groups",
      tabs: tabs.map((group) => ({ name: group.name, group: group.id, keys: group.products })),
      tab: shown === undefined ? null : tabs.indexOf(shown),
      keys: page?.keys ?? [],
      next: page?.next ?? null,
    };
  }

  async function keys(options: { set?: string; tab?: number } = {}): Promise<CounterKeys> {
    const { setting, branch } = await deps.chosen();
    const found = await deps.read(async (store) => {
      const sets = await store.references.all("favourites");
      const listed = branch === null ? null : await store.branchInfo(branch);
      const choice = chooseKeySet(sets, {
        asked: options.set ?? null,
        branchDefault: listed?.defaultFavourite ?? null,
        setting,
      });
      return {
        sets,
        choice,
        shown: choice.set === null ? null : await setTab(store, choice.set, options.tab ?? 0),
      };
    });
    const { choice, shown } = found;
    const sets = found.sets.filter((set) => set.active).map(({ id, name }) => ({ id, name }));
    const said = { chosenBy: choice.chosenBy, notice: choice.notice, sets };
    if (choice.set === null || shown === null)
      return { ...(await groupTabs(options.tab ?? 0)), ...said, set: null };
    const facts = await completed(shown.base, shown.products);
    const byId = new Map(shown.products.map((product) => [product.id, product]));
    return {
      source: "favourites",
      set: { id: choice.set.id, name: choice.set.name },
      ...said,
      tabs: shown.tabs.map((tab) => ({
        name: tab.name,
        group: null,
        keys: Math.min(tab.keys.length, keysPerPage),
      })),
      tab: shown.index,
      keys: shown.keys.map((key) => favouriteKey(key, byId, facts)),
      next: null,
    };
  }

  /** The set's tabs (25 at most), and the products and facts of the one shown. */
  async function setTab(store: CatalogStore, set: FavouriteSetInfo, tab: number) {
    const tabs = set.tabs.slice(0, keysPerPage);
    const index = tabs[tab] === undefined ? (tabs.length === 0 ? null : 0) : tab;
    const keys = index === null ? [] : (tabs[index]?.keys.slice(0, keysPerPage) ?? []);
    const products = await store.productsByIds(
      keys.filter((key) => key.type === "product").map((key) => key.objectId),
    );
    return { tabs, index, keys, products, base: await referenceMaps(store) };
  }

  return { keys, groupKeys, groups };
}
