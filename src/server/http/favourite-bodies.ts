// What POST and PUT /api/v0/favourites accept: one favourite set as the upstream's schema describes it
// (a name, up to 25 tabs in order_index 0-24, each up to 25 keys in order_index 1-25, each key a product,
// product group or another kind of till object by id), with a limit on every text and list so no request
// stores anything huge, and no two tabs, or two keys of a tab, in the same place.
import { z } from "zod";

const maxTabs = 25;
const maxKeysPerTab = 25;
const maxNameChars = 128;
const maxPlaces = 100;

const favouriteItemTypes = [
  "product",
  "discount",
  "voucher_action",
  "custom_function",
  "voucher",
  "voucher_system",
  "product_group",
] as const;

const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);
const places = z.array(z.uuid()).max(maxPlaces).nullable();

// Tabs and keys may carry keys of their own (the upstream's schema allows them): they are kept.
const favouriteItem = z.looseObject({
  type: z.enum(favouriteItemTypes),
  object_id: z.uuid(),
  order_index: wholeNumber(1, maxKeysPerTab),
  client_id: z.uuid(),
});

const favouriteTab = z.looseObject({
  name: z.string().max(maxNameChars).nullish(),
  client_id: z.uuid(),
  order_index: wholeNumber(0, maxTabs - 1),
  items: z
    .array(favouriteItem)
    .max(maxKeysPerTab)
    .default([])
    .superRefine((items, context) => refuseSharedPlaces(items, context)),
});

const favouriteFields = {
  name: z.string().min(1).max(maxNameChars),
  client_id: z.uuid(),
  tabs: z
    .array(favouriteTab)
    .max(maxTabs)
    .superRefine((tabs, context) => refuseSharedPlaces(tabs, context)),
  metadata: z.record(z.string(), z.unknown()),
  registers: places,
  branches: places,
  locations: places,
  branch_groups: places,
  temporary_id: z.uuid().nullable(),
  is_local: z.boolean(),
  deleted: z.boolean(),
  active: z.boolean(),
};

/** A new set: a name and the client's id for it are required, as upstream. Unknown keys are refused. */
export const favouriteCreateSchema = z.strictObject(favouriteFields).partial().required({
  name: true,
  client_id: true,
});

/** A change: any of the same keys, laid over the stored set. */
export const favouriteUpdateSchema = z.strictObject(favouriteFields).partial();

export type FavouriteFields = z.output<typeof favouriteUpdateSchema>;

/** Two tabs, or two keys of one tab, with the same order_index: which goes first would be a guess. */
function refuseSharedPlaces(entries: readonly { order_index: number }[], context: z.RefinementCtx): void {
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    if (seen.has(entry.order_index)) {
      context.addIssue({
        code: "custom",
        path: [index, "order_index"],
        message: `order_index ${entry.order_index} is taken by another entry of the same list`,
      });
    }
    seen.add(entry.order_index);
  });
}
