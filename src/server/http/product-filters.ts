// The filters a product list or meta call takes. An absent `deleted` means live products only: integrators
// always send deleted=false for the live catalog, and a sync asks for deleted=true to learn removals.
import { queryBooleanSchema } from "../../shared/api/common.ts";
import { badParam, singleParam } from "./query-params.ts";

export interface ProductFilters {
  deleted: boolean;
  active?: boolean;
  /** Matches `barcode`, any of `barcodes` and any `codes[].data`. */
  barcode?: string;
  types?: string[];
  productGroup?: string;
}

export function parseProductFilters(params: URLSearchParams): ProductFilters {
  const filters: ProductFilters = { deleted: queryBoolean(params, "deleted") ?? false };
  const active = queryBoolean(params, "active");
  if (active !== undefined) filters.active = active;
  const barcode = nonEmpty(params, "barcode");
  if (barcode !== undefined) filters.barcode = barcode;
  const productGroup = nonEmpty(params, "product_group");
  if (productGroup !== undefined) filters.productGroup = productGroup;
  const types = parseTypes(params);
  if (types !== undefined) filters.types = types;
  return filters;
}

function queryBoolean(params: URLSearchParams, name: string): boolean | undefined {
  const value = singleParam(params, name);
  if (value === undefined) return undefined;
  const parsed = queryBooleanSchema.safeParse(value);
  if (!parsed.success) throw badParam(name, 'must be "true" or "false"');
  return parsed.data;
}

function nonEmpty(params: URLSearchParams, name: string): string | undefined {
  const value = singleParam(params, name);
  if (value === "") throw badParam(name, "must not be empty");
  return value;
}

/** `type` may repeat and each value may list several types separated by commas. */
function parseTypes(params: URLSearchParams): string[] | undefined {
  const values = params.getAll("type");
  if (values.length === 0) return undefined;
  const types = values.flatMap((value) => value.split(",")).map((type) => type.trim());
  if (types.some((type) => type === "")) throw badParam("type", "must not contain empty types");
  return [...new Set(types)];
}
