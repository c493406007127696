// The counter keys a till sells by touch: the favourite set's tabs and keys as the shop arranged them
// at the service, or (with no set) the product groups as tabs; and a group's products as keys, paged.
// Every key carries what its tile shows: name, the price this till charges, picture, colour, and why
// it cannot be sold when it cannot. The CLI prints these, IPC carries them, the Keys screen shows them.
import { z } from "zod";
import { resolvedPriceSchema } from "./price-rule.ts";
import { imageHashPattern } from "./product-pictures.ts";

export const keyDisabledKinds = ["missing", "not-sellable", "inactive", "not-a-product"] as const;

export const counterKeySchema = z.object({
  /** Its place: 1-25 in a favourite tab (order_index); in a group's page, 1-25 in that page. */
  position: z.number().int().min(1),
  /** What touching it does: show a product, open a group's products, or nothing (a voucher key...). */
  kind: z.enum(["product", "group", "other"]),
  /** The product's or group's id (the key's object_id). */
  id: z.string(),
  /** The product's or group's name; null when the catalog does not hold it. */
  name: z.string().nullable(),
  /** The price this till charges now (the lookups' price rule), net and gross both where the tax allows. */
  price: resolvedPriceSchema.nullable(),
  /** The cached picture's hash (CatalogApi.imageAddress), when the till holds one. */
  picture: z.string().regex(imageHashPattern).nullable(),
  /** The tile's colour: the product's default_tile_color, else its group's colour; a group key its own. */
  color: z.string().nullable(),
  /** A product with variants: touching it asks which one (the options matrix). */
  variantParent: z.boolean(),
  /** The cashier enters the price at sale. */
  priceEntry: z.boolean(),
  /** Why the key cannot be used, in words a cashier can act on; null when it can. */
  disabled: z.object({ kind: z.enum(keyDisabledKinds), message: z.string() }).nullable(),
});
export type CounterKey = z.infer<typeof counterKeySchema>;

export const keyTabSchema = z.object({
  name: z.string().nullable(),
  /** On a groups tab (no favourite set): the group it shows, to page on with groupKeys. */
  group: z.string().nullable(),
  /** Keys on the tab (a groups tab: products in the group). */
  keys: z.number().int().nonnegative(),
});
export type KeyTab = z.infer<typeof keyTabSchema>;

export const keySetNameSchema = z.object({ id: z.string(), name: z.string().nullable() });

/** How the till's set was chosen: asked for by name, the branch's default, the only set, the setting. */
export const keySetChoices = ["asked", "branch-default", "only-set", "setting"] as const;

export const counterKeysSchema = z.object({
  /** Where the tabs come from: the chosen favourite set, or the product groups when there is none. */
  source: z.enum(["favourites", "groups"]),
  set: keySetNameSchema.nullable(),
  chosenBy: z.enum(keySetChoices).nullable(),
  /** Something the till had to decide for the shop (a set asked for by name that it does not hold). */
  notice: z.string().nullable(),
  /** Every active favourite set held, by name: what a set is picked from. */
  sets: z.array(keySetNameSchema),
  /** The tabs in their order (order_index; groups: largest first, at most 25). */
  tabs: z.array(keyTabSchema),
  /** The tab shown (its place in `tabs`, from 0); null when there are no tabs. */
  tab: z.number().int().nonnegative().nullable(),
  /** Its keys in order. */
  keys: z.array(counterKeySchema),
  /** On a groups tab with more than 25 products: where groupKeys goes on; else null. */
  next: z.string().nullable(),
});
export type CounterKeys = z.infer<typeof counterKeysSchema>;

export const groupKeysSchema = z.object({
  group: z.object({ id: z.string(), name: z.string().nullable(), color: z.string().nullable() }),
  /** 25 at most, alphabetically. */
  keys: z.array(counterKeySchema),
  /** Products in the group (what its pages hold in all): "page 2 of 9". */
  total: z.number().int().nonnegative(),
  /** Pass as `after` for the next page; null on the last one. */
  next: z.string().nullable(),
});
export type GroupKeys = z.infer<typeof groupKeysSchema>;

export const productGroupCountSchema = z.object({
  /** null: the products in no group (or a group id the service does not list). */
  id: z.string().nullable(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  /** Live products standing on their own (a product with variants counts once). */
  products: z.number().int().nonnegative(),
});
export type ProductGroupCount = z.infer<typeof productGroupCountSchema>;

/** Keys a page holds: the schema's 5 x 5. */
export const keysPerPage = 25;
