// A branch named in the catalog's branch prices, and how many products have a price for it.
import { z } from "zod";

export const branchCountSchema = z.object({ branch: z.string(), products: z.number().int().nonnegative() });
export type BranchCount = z.infer<typeof branchCountSchema>;
