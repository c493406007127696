// Reading one record of the reference data part by part, as product records are read
// (product-reading.ts): a part the till cannot use is left out and named, the record kept. Only a
// record that cannot be held at all is refused: not an object, or no id. A deleted record is not
// kept (the lists are read whole each sync, so it simply drops out).
import type {
  FavouriteKeyInfo,
  FavouriteSetInfo,
  FavouriteTabInfo,
  ProductGroupInfo,
  ReferenceInfo,
  ReferenceKind,
  TaxInfo,
} from "../../shared/api/reference-data.ts";
import { describe, entries, isObject } from "./product-part-menders.ts";

export type ReferenceReading<T> =
  | { held: true; value: T; unusable: string[] }
  | { held: false; id: string | null; reason: string };

export function readReference<K extends ReferenceKind>(
  kind: K,
  raw: unknown,
): ReferenceReading<ReferenceInfo[K]> {
  if (!isObject(raw)) return { held: false, id: null, reason: "the record is not an object" };
  const id = typeof raw.id === "string" && raw.id !== "" ? raw.id : null;
  if (id === null) return { held: false, id: null, reason: "the record has no id" };
  if (raw.deleted === true) return { held: false, id, reason: "deleted" };
  const unusable: string[] = [];
  const parts = new Parts(raw, unusable);
  const value = readers[kind](id, parts) as ReferenceInfo[K];
  return { held: true, value, unusable };
}

/** The record's fields, each read as the till wants it; an unusable one is named and left out. */
class Parts {
  readonly raw: Record<string, unknown>;
  readonly unusable: string[];

  constructor(raw: Record<string, unknown>, unusable: string[]) {
    this.raw = raw;
    this.unusable = unusable;
  }

  text(key: string): string | null {
    const value = this.raw[key];
    if (value === undefined || value === null) return null;
    if (typeof value === "string") return value;
    this.unusable.push(`${key}: ${describe(value)}, not text`);
    return null;
  }

  number(key: string): number | null {
    const value = this.raw[key];
    if (value === undefined || value === null) return null;
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
    this.unusable.push(`${key}: ${describe(value)}, not a number of at least 0`);
    return null;
  }

  /** A flag the schema defaults to true when absent. */
  active(): boolean {
    const value = this.raw.active;
    if (value === undefined || value === null || typeof value === "boolean") return value !== false;
    this.unusable.push(`active: ${describe(value)}, not true or false`);
    return true;
  }
}

const readers: { [K in ReferenceKind]: (id: string, parts: Parts) => ReferenceInfo[K] } = {
  taxes: (id, parts): TaxInfo => ({
    id,
    name: parts.text("name"),
    rate: rateOf(parts.number("percentage"), parts.number("rate")),
    active: parts.active(),
  }),
  product_groups: (id, parts): ProductGroupInfo => ({
    id,
    name: parts.text("name"),
    number: parts.text("product_group_id"),
    color: parts.text("color"),
    tax: parts.text("tax"),
    active: parts.active(),
  }),
  favourites: (id, parts): FavouriteSetInfo => ({
    id,
    name: parts.text("name"),
    active: parts.active(),
    tabs: (
      (entries(
        parts.raw.tabs,
        "tabs",
        parts.unusable,
        (tab, at) => favouriteTab(tab, at, parts.unusable),
        "a tab without a place (order_index)",
      ) ?? []) as FavouriteTabInfo[]
    ).sort((a, b) => a.index - b.index),
  }),
};

/**
 * The schema does not say whether `rate` is a fraction or a percentage: `percentage` where present,
 * else `rate`, a value of at most 1 read as a fraction (the upstream's README of its schemas).
 */
function rateOf(percentage: number | null, rate: number | null): number | null {
  if (percentage !== null) return percentage / 100;
  if (rate === null) return null;
  return rate <= 1 ? rate : rate / 100;
}

function favouriteTab(tab: unknown, at: string, unusable: string[]): FavouriteTabInfo | undefined {
  if (!isObject(tab) || !isPlace(tab.order_index)) return undefined;
  const keys =
    entries(tab.items, `${at}.items`, unusable, favouriteKey, "a key without type, object_id or place") ?? [];
  const name = typeof tab.name === "string" ? tab.name : null;
  if (tab.name !== undefined && tab.name !== null && name === null)
    unusable.push(`${at}.name: ${describe(tab.name)}, not text`);
  return {
    name,
    index: tab.order_index,
    keys: (keys as FavouriteKeyInfo[]).sort((a, b) => a.index - b.index),
  };
}

function favouriteKey(item: unknown): FavouriteKeyInfo | undefined {
  if (!isObject(item) || typeof item.type !== "string" || !isPlace(item.order_index)) return undefined;
  if (typeof item.object_id !== "string" || item.object_id === "") return undefined;
  return { type: item.type, objectId: item.object_id, index: item.order_index };
}

const isPlace = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);
