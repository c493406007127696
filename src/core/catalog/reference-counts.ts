// What status says of the reference data: per list, how many records are held, whether the service
// offers the list at all, and how many records were refused or held with parts left out.
import type { ReferenceKind } from "../../shared/api/reference-data.ts";
import { noReferenceData, type ReferenceData } from "../../shared/catalog/catalog-status.ts";
import type { StoreReferenceReads } from "./reference-reads.ts";

const answerKeys: Record<ReferenceKind, keyof ReferenceData> = {
  favourites: "favourites",
  product_groups: "productGroups",
  taxes: "taxes",
};

export async function referenceCounts(reads: Pick<StoreReferenceReads, "lists" | "withUnusableParts">) {
  const counts: ReferenceData = { ...noReferenceData };
  const parted = await reads.withUnusableParts();
  for (const list of await reads.lists()) {
    counts[answerKeys[list.kind]] = {
      held: list.records,
      state: list.state === "absent" ? "absent" : "read",
      refused: list.refused,
      withUnusableParts: parted.filter((record) => record.kind === list.kind).length,
    };
  }
  return counts;
}
