// After the products, a sync brings the branch list up to date: the names and numbers a till's branch
// is chosen by, and each branch's currency and time zone. The products are the sync's job; a list the
// service cannot give now leaves the one held as it was.
import type { CatalogStore } from "../catalog/catalog-store.ts";
import type { ProductsSource } from "./sync-engine.ts";

export async function refreshBranches(
  source: ProductsSource,
  store: Pick<CatalogStore, "saveBranches">,
  signal?: AbortSignal,
): Promise<void> {
  if (source.branches === undefined) return;
  const branches = await source.branches(signal).catch(() => null);
  // No list (404, 403, a failure): the branches stay known by what was listed before, or by id.
  if (branches !== null) await store.saveBranches(branches);
}
