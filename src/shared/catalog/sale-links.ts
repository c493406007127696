// What a product record names beside itself for a sale: the items sold with it (`linked_products`)
// and the parts of a bundle (`components`). The service gives linked items in three shapes (a product
// id, an object naming a product with an optional quantity, or a whole embedded record), and the
// till reads all three; anything else in those lists is skipped rather than guessed at.
import type { Product } from "../api/product.ts";

/** One item the product is sold with: by reference (the catalog's record) or embedded whole. */
export interface LinkEntry {
  /** The product named; null for an embedded record that carries no id. */
  id: string | null;
  /** The record carried inside the entry itself; null when the entry only names an id. */
  embedded: Record<string, unknown> | null;
  quantity: number;
}

export interface ComponentEntry {
  id: string;
  quantity: number;
}

export function linkEntries(product: Product): LinkEntry[] {
  const list = product.linked_products;
  if (!Array.isArray(list)) return [];
  return list.map(linkEntry).filter((entry) => entry !== null);
}

export function componentEntries(product: Product): ComponentEntry[] {
  const list: unknown = product.components;
  if (!Array.isArray(list)) return [];
  const entries: ComponentEntry[] = [];
  for (const entry of list) {
    const id = typeof entry === "string" ? entry : isObject(entry) ? entry.product : null;
    if (typeof id === "string" && id !== "") entries.push({ id, quantity: quantityOf(entry) });
  }
  return entries;
}

/** The ids the catalog must be asked for: every linked item named by id, and every component. */
export function saleReferences(product: Product): string[] {
  const ids = [...linkEntries(product), ...componentEntries(product)].map((entry) => entry.id);
  return [...new Set(ids.filter((id) => id !== null))];
}

function linkEntry(entry: unknown): LinkEntry | null {
  if (typeof entry === "string") return entry === "" ? null : { id: entry, embedded: null, quantity: 1 };
  if (!isObject(entry)) return null;
  const quantity = quantityOf(entry);
  // { product: "id", quantity } or { product: { ...record }, quantity }
  if (typeof entry.product === "string" && entry.product !== "")
    return { id: entry.product, embedded: null, quantity };
  if (isObject(entry.product)) return embeddedEntry(entry.product, quantity);
  // A whole record names itself; { id, quantity } without a name only points at one.
  if (typeof entry.name === "string") return embeddedEntry(entry, quantity);
  if (typeof entry.id === "string" && entry.id !== "") return { id: entry.id, embedded: null, quantity };
  return null;
}

function embeddedEntry(record: Record<string, unknown>, quantity: number): LinkEntry {
  const id = typeof record.id === "string" && record.id !== "" ? record.id : null;
  return { id, embedded: record, quantity };
}

/** A positive number of pieces; 1 where the entry gives none (or nothing usable). */
function quantityOf(entry: unknown): number {
  const quantity = isObject(entry) ? (entry.quantity ?? entry.qty) : undefined;
  return typeof quantity === "number" && Number.isFinite(quantity) && quantity > 0 ? quantity : 1;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
