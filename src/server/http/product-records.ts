// Product records written through the service: every key of the contract present, server-owned fields
// (id, account, timestamps, deleted) set here and never taken from the body, limits the real service has.
import { z } from "zod";
import { type Product, productSchema } from "../../shared/api/product.ts";
import { timestamp } from "../store/timestamp.ts";
import { parseRequest } from "./request-validation.ts";

/** What a create body must carry, with the real service's field limits; other keys pass through. */
const productCreateSchema = z.looseObject({
  name: z.string().min(1).max(512),
  tax: z.string().min(1),
  type: z.string().min(1),
  summary: z.string().max(1024).nullish(),
  description: z.string().max(16384).nullish(),
  default_tile_color: z.string().max(10).nullish(),
});
const productUpdateSchema = productCreateSchema.partial();

const serverOwned = new Set(["id", "account", "created_at", "updated_at", "deleted"]);

/** The real service's defaults; every other contract key starts as null. */
const defaults = {
  active: true,
  deleted: false,
  linkable: false,
  online: false,
  shipping_required: true,
  stockable: false,
  discountable: true,
  delegateable: false,
  delegatable: false,
  is_service: false,
};

export function newProduct(body: unknown, ids: { id: string; accountId: string }, nowMs: number): Product {
  const fields = writableFields(parseRequest(productCreateSchema, body, "product"));
  const allKeys = Object.fromEntries(Object.keys(productSchema.shape).map((key) => [key, null]));
  return checked({
    ...allKeys,
    ...defaults,
    ...fields,
    id: ids.id,
    account: ids.accountId,
    created_at: timestamp(nowMs),
    updated_at: timestamp(nowMs),
  });
}

/** The stored record with the body's fields laid over it. */
export function changedProduct(existing: Product, body: unknown, nowMs: number): Product {
  const fields = writableFields(parseRequest(productUpdateSchema, body, "product"));
  return checked({ ...existing, ...fields, updated_at: timestamp(nowMs) });
}

export function deletedProduct(existing: Product, nowMs: number): Product {
  return { ...existing, deleted: true, updated_at: timestamp(nowMs) };
}

function writableFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !serverOwned.has(key)));
}

function checked(record: Record<string, unknown>): Product {
  return parseRequest(productSchema, record, "product");
}
