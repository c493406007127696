// A branch of the account, as GET /api/v0/branches/<account> lists it: what a till's branch is chosen
// from, and where its currency and offer time zone come from. Only what the catalog uses is read; a
// record without a usable id is skipped, never a reason to refuse the list.
import { z } from "zod";

export const branchRecordSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().nullish().catch(null),
  branch_number: z.number().nullish().catch(null),
  currency_default: z.string().nullish().catch(null),
  timezone_default: z.string().nullish().catch(null),
  deleted: z.boolean().nullish().catch(null),
  default_favourite: z.string().nullish().catch(null),
});

/** A branch as the till keeps it. */
export interface BranchInfo {
  id: string;
  name: string | null;
  number: number | null;
  currency: string | null;
  timeZone: string | null;
  /** The favourite set a till of this branch shows when none is picked; absent in lists kept before. */
  defaultFavourite?: string | null;
}

/** The live branches of one page, in the till's form. */
export function branchesOf(results: readonly unknown[]): BranchInfo[] {
  const branches: BranchInfo[] = [];
  for (const result of results) {
    const parsed = branchRecordSchema.safeParse(result);
    if (!parsed.success || parsed.data.deleted === true) continue;
    const { id, name, branch_number, currency_default, timezone_default, default_favourite } = parsed.data;
    branches.push({
      id,
      name: name ?? null,
      number: branch_number ?? null,
      currency: currency_default ?? null,
      timeZone: timezone_default ?? null,
      defaultFavourite: default_favourite ?? null,
    });
  }
  return branches;
}
