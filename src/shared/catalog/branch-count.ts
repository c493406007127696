// A branch a till can be: named in the catalog's branch prices or listed by the service (then with its
// number and name), and how many products have a price for it.
import { z } from "zod";

export const branchCountSchema = z.object({
  branch: z.string(),
  products: z.number().int().nonnegative(),
  /** As the service's branch list names it; null for a branch only the prices name. */
  name: z.string().nullable(),
  number: z.number().nullable(),
});
export type BranchCount = z.infer<typeof branchCountSchema>;

/** How a person tells branches apart: "1 Berlin Mitte", else the name, else the id. */
export function branchLabel(branch: Pick<BranchCount, "branch" | "name" | "number">): string {
  if (branch.name === null)
    return branch.number === null ? branch.branch : `${branch.number} ${branch.branch}`;
  return branch.number === null ? branch.name : `${branch.number} ${branch.name}`;
}
