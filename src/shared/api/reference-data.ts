// The service's reference data beside the products, as the till keeps it: the favourite sets a shop
// arranges its counter keys in, the product groups (a name and colour for a product's group id) and
// the taxes (a name and rate for a tax id). Read part by part (core/api/reference-reading.ts).

/** The lists, named as the service's paths name them: `GET /api/v0/<kind>/<account>`. */
export const referenceKinds = ["favourites", "product_groups", "taxes"] as const;
export type ReferenceKind = (typeof referenceKinds)[number];

export interface TaxInfo {
  id: string;
  name: string | null;
  /** As a fraction: 0.19 for 19 %; null when the record gives no usable rate. */
  rate: number | null;
  active: boolean;
}

export interface ProductGroupInfo {
  id: string;
  name: string | null;
  /** The shop's own number for the group (`product_group_id`). */
  number: string | null;
  /** A colour as the record gives it ("#e57373"); null when none. */
  color: string | null;
  /** The group's tax id: the tax of its products that name none of their own. */
  tax: string | null;
  active: boolean;
}

/** One key of a tab: a product, a product group, or a kind the till does not sell by key (a voucher...). */
export interface FavouriteKeyInfo {
  type: string;
  objectId: string;
  /** Its place in the tab, 1-25. */
  index: number;
}

export interface FavouriteTabInfo {
  name: string | null;
  /** Its place in the set, 0-24. */
  index: number;
  keys: FavouriteKeyInfo[];
}

export interface FavouriteSetInfo {
  id: string;
  name: string | null;
  active: boolean;
  tabs: FavouriteTabInfo[];
}

export interface ReferenceInfo {
  favourites: FavouriteSetInfo;
  product_groups: ProductGroupInfo;
  taxes: TaxInfo;
}
