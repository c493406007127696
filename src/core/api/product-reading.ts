// Reading one record the service sent, part by part. The upstream's own schema calls records valid
// that the catalog's contract would refuse whole (a code whose data is null, a child summary without
// an id, a price without a currency...): refusing the product for one unusable part would leave the
// cashier unable to sell it. So a part the catalog cannot use is left out of the product the catalog
// reads and named; the rest is kept. Only a record that cannot be held at all is refused: not an
// object, no id, or no usable updated_at (the sync's order and the newest copy rest on it).
import type { z } from "zod";
import { type Product, productCheckSchema } from "../../shared/api/product.ts";
import { productDefaults } from "../../shared/api/product-defaults.ts";
import { describe, menders } from "./product-part-menders.ts";
import { isProductRecord } from "./product-record-check.ts";
import { recordPosition } from "./record-position.ts";

export type ProductReading =
  | { held: true; product: Product; unusable: string[] }
  | { held: false; id: string | null; reason: string };

type Fields = Record<string, z.ZodType>;

const fields = productCheckSchema.shape as Fields;
const defaulted = Object.keys(productDefaults);

export function readProduct(raw: unknown): ProductReading {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { held: false, id: null, reason: "the record is not an object" };
  const record = raw as Record<string, unknown>;
  const id = typeof record.id === "string" && record.id !== "" ? record.id : null;
  if (id === null) return { held: false, id: null, reason: "the record has no id" };
  const position = recordPosition(record);
  if (position === null) return { held: false, id, reason: "the record has no usable updated_at" };
  // Nearly every record: valid as it is, every defaulted field present. Nothing is copied.
  if (isProductRecord(record) && defaulted.every((key) => key in record))
    return { held: true, product: record as Product, unusable: [] };
  return mended(record, position.ms);
}

function mended(record: Record<string, unknown>, updatedMs: number): ProductReading {
  const unusable: string[] = [];
  const view: Record<string, unknown> = { ...record };
  for (const [key, value] of Object.entries(productDefaults)) if (view[key] === undefined) view[key] = value;
  for (const [key, field] of Object.entries(fields)) {
    if (field.safeParse(view[key]).success) continue;
    view[key] = mendField(key, view, updatedMs, unusable);
  }
  // A mender that missed a case would let an unreadable product in: refused instead, and said why.
  const check = productCheckSchema.safeParse(view);
  if (!check.success)
    return { held: false, id: record.id as string, reason: check.error.issues[0]?.message ?? "unreadable" };
  return { held: true, product: view as Product, unusable };
}

function mendField(key: string, view: Record<string, unknown>, updatedMs: number, unusable: string[]) {
  const value = view[key];
  const mend = menders[key];
  if (mend !== undefined) return mend(value, key, unusable);
  // updated_at was read already (its ISO text or epoch ms); created_at takes it when unusable.
  if (key === "updated_at") return timestampOf(updatedMs);
  if (key === "created_at") {
    unusable.push("created_at: not a timestamp (updated_at stands in for it)");
    return timestampOf(updatedMs);
  }
  const fallback = fallbacks[key] ?? null;
  if (value !== undefined) unusable.push(`${key}: ${describe(value)}, not what the catalog reads here`);
  else if (key in fallbacks) unusable.push(`${key}: missing`);
  return fallback;
}

/** What a field the catalog cannot do without becomes when the record's value is unusable. */
const fallbacks: Record<string, unknown> = { name: "", type: "product", active: true, deleted: false };

function timestampOf(ms: number) {
  return { iso: new Date(ms).toISOString(), unix: ms };
}
