// What one received product becomes in the database: the queried columns, its lookup codes and its
// search text. Pure, so the write path stays a list of statements.
import type { Product } from "../../shared/api/product.ts";
import { productCodes } from "../../shared/api/product-codes.ts";
import { catalogKey } from "../../shared/barcode/gtin.ts";
import { searchText } from "../../shared/catalog/search-text.ts";
import type { CatalogTables } from "./catalog-tables.ts";

/**
 * A products row as written, but for what comes from elsewhere: `seq` is assigned by SQLite,
 * `codes_key` comes from its codes, `record` and `shape` from stored-records.ts.
 */
export type ProductRow = Omit<
  CatalogTables["products"],
  "seq" | "codes_key" | "record" | "shape" | "group_key"
> & {
  /** The record's product_group, numbered by the write (group-keys.ts). */
  group_id: string | null;
};

/** One code a product can be scanned by. `variantId` is set when it names a child of a parent. */
export interface RowCode {
  code: string;
  variantId: string | null;
}

export function productRow(product: Product, deleted: boolean, generation: number): ProductRow {
  return {
    id: product.id,
    type: product.type,
    parent: product.parent ?? null,
    active: product.active ? 1 : 0,
    deleted: deleted ? 1 : 0,
    name_key: searchText(product.name),
    custom_id_key: optionalKey(product.custom_id),
    sku_key: optionalKey(product.sku),
    more_key: moreKey(product),
    updated_at: product.updated_at.unix,
    generation,
    group_id: typeof product.product_group === "string" ? product.product_group : null,
  };
}

const uuid = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/iu;

/**
 * What the record says of the product besides its name that a cashier may search by, in search
 * form: its brand, its keywords, its tags and its manufacturer's name; null when none. The service's
 * tags and manufacturers are usually ids (uuids, an ILN), which nobody types: only names are taken.
 */
function moreKey(product: Product): string | null {
  const { brand, keywords, tags, manufacturer } = product;
  // Most records name none of them: nothing to gather, on the path every product of a sync takes.
  if (!mayName(brand) && !mayName(manufacturer) && !keywords?.length && !tags?.length) return null;
  const texts: string[] = [];
  const add = (value: unknown): void => {
    if (typeof value === "string") {
      if (!uuid.test(value.trim())) texts.push(value);
    } else if (typeof value === "object" && value !== null && "name" in value) add(value.name);
  };
  add(brand);
  for (const keyword of keywords ?? []) add(keyword);
  for (const tag of tags ?? []) add(tag);
  add(manufacturer);
  return texts.length === 0 ? null : optionalKey(texts.join(" "));
}

/** A string, or an object with a name: what may name a brand, a manufacturer, a keyword or a tag. */
function mayName(value: unknown): boolean {
  return typeof value === "string" || (typeof value === "object" && value !== null && "name" in value);
}

function optionalKey(value: string | null | undefined): string | null {
  const key = searchText(value ?? "");
  return key === "" ? null : key;
}

/** The product's own codes, then the barcodes its children summaries list, each key once per target. */
export function rowCodes(product: Product): RowCode[] {
  const seen = new Set<string>();
  const codes: RowCode[] = [];
  const add = (code: string, variantId: string | null) => {
    const key = catalogKey(code);
    const unique = `${key}\u0000${variantId ?? ""}`;
    if (key === "" || seen.has(unique)) return;
    seen.add(unique);
    codes.push({ code: key, variantId });
  };
  for (const code of productCodes(product)) add(code, null);
  for (const child of product.children ?? []) {
    for (const code of child.barcodes ?? []) add(code, child.id);
  }
  return codes;
}

/** The codes as one string, equal for two lists only when they hold the same codes in the same order. */
export function codesKey(codes: RowCode[]): string {
  return codes.map((code) => `${code.code}\u001f${code.variantId ?? ""}`).join("\u001e");
}

/**
 * The FTS columns: name, the typed identifiers, every code (partial barcodes match by trigram), and
 * the brand, keywords and tags (searched below the name). Built from the row's keys, already in
 * search form, rather than folding the same text twice.
 */
export function rowSearchText(
  row: Pick<ProductRow, "name_key" | "custom_id_key" | "sku_key" | "more_key">,
  codes: RowCode[],
): { name: string; ids: string; codes: string; more: string } {
  return {
    name: row.name_key,
    ids: [row.custom_id_key, row.sku_key].filter((key) => key !== null).join(" "),
    codes: searchText(codes.map((code) => code.code).join(" ")),
    more: row.more_key ?? "",
  };
}
