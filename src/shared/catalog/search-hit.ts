// One row of a search's answer: the product, and how far the text typed was from it. `typos` counts
// the letters forgiven (0 for an exact match); `found` lists the catalog's words the forgiven words
// of the search were taken for, in search form ("bananen" for "Bananne"), so a screen can show them.
import { z } from "zod";
import { productSchema } from "../api/product.ts";

export const searchHitSchema = productSchema.extend({
  typos: z.number().int().min(0),
  found: z.array(z.string()),
});

export type SearchHit = z.infer<typeof searchHitSchema>;
