// After the products, a sync reads the reference data the counter keys and the product card need:
// the favourite sets, the product groups and the taxes, each list whole (they carry no timestamps).
// A list the service does not offer (404) is noted once and not asked again but by a full sync; a
// list it may not show (403) or cannot give now stays as held; a record read part by part never
// fails the sync. Nothing here can fail the products already stored.
import { type ReferenceKind, referenceKinds } from "../../shared/api/reference-data.ts";
import { readReference } from "../api/reference-reading.ts";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import type { KeptReference } from "../catalog/reference-writes.ts";
import type { ProductsSource } from "./sync-engine.ts";

type ReferenceTarget = Pick<CatalogStore, "saveReferenceList" | "noteReferenceAbsent" | "references">;

export async function refreshReferences(
  source: ProductsSource,
  store: ReferenceTarget,
  options: { full?: boolean; signal?: AbortSignal },
): Promise<void> {
  if (source.referenceList === undefined) return;
  const absent = new Set(
    (await store.references.lists()).filter((list) => list.state === "absent").map((list) => list.kind),
  );
  for (const kind of referenceKinds) {
    if (absent.has(kind) && options.full !== true) continue;
    await refreshList(source, store, kind, options.signal);
  }
}

async function refreshList(
  source: ProductsSource,
  store: ReferenceTarget,
  kind: ReferenceKind,
  signal?: AbortSignal,
): Promise<void> {
  const read = await source.referenceList?.(kind, signal).catch(() => null);
  if (read === null || read === undefined) return;
  if ("unavailable" in read) {
    if (read.unavailable === "absent") await store.noteReferenceAbsent(kind);
    return;
  }
  const kept: KeptReference[] = [];
  let refused = 0;
  for (const raw of read.records) {
    const reading = readReference(kind, raw);
    if (reading.held) kept.push({ value: reading.value, unusable: reading.unusable });
    else if (reading.reason !== "deleted") refused++;
  }
  await store.saveReferenceList(kind, kept, refused);
}
