// The read-only lists an account's tills read beside its products (branches, taxes, product groups):
// the service serves whatever set the start hands it (the demo chain's today), so the routes hold no data.
import type { CursorField } from "../../shared/api/pagination.ts";
import type { ListedRecord } from "./listed-resources.ts";

export interface ReferenceList {
  records: readonly ListedRecord[];
  /** A record's cursor field as epoch ms. */
  instant(record: ListedRecord, field: CursorField): number;
}

export interface ReferenceData {
  branches: ReferenceList;
  taxes: ReferenceList;
  productGroups: ReferenceList;
}

export const noReferenceData: ReferenceData = {
  branches: { records: [], instant: () => 0 },
  taxes: { records: [], instant: () => 0 },
  productGroups: { records: [], instant: () => 0 },
};
