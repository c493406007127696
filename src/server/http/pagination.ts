// The generic pagination of listable resources: page/size (or limit), cursor_field and an optional `first`
// lower bound. Page N is the slice at N * size of the items at or after `first`, ordered by (cursor field, id).
import { z } from "zod";
import { type CursorField, cursorFields, pagingLimits } from "../../shared/api/pagination.ts";
import { badParam, singleParam } from "./query-params.ts";

export interface Paging {
  page: number;
  size: number;
  cursorField: CursorField;
  /** Inclusive lower bound on the cursor field, epoch ms; null when the call had no `first`. */
  firstMs: number | null;
}

/** What a call without `first` shows as its bound: the epoch, which bounds nothing. */
const unboundedFirst = "1970-01-01T00:00:00.000Z";
const maxPage = 1_000_000_000;
const pagingParams = new Set(["first", "page", "size", "limit", "cursor_field"]);
const isoInstant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export function parsePaging(params: URLSearchParams): Paging {
  return {
    page: wholeNumber(params, "page", 0, maxPage) ?? 0,
    size: parseSize(params),
    cursorField: parseCursorField(params),
    firstMs: parseFirst(params),
  };
}

function parseSize(params: URLSearchParams): number {
  const size = wholeNumber(params, "size", 1, pagingLimits.maxSize);
  const limit = wholeNumber(params, "limit", 1, pagingLimits.maxSize);
  if (size !== undefined && limit !== undefined && size !== limit) {
    throw badParam("limit", "is an alias of size and must not differ from it");
  }
  return size ?? limit ?? pagingLimits.defaultSize;
}

function wholeNumber(params: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const value = singleParam(params, name);
  if (value === undefined) return undefined;
  const number = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max)) throw badParam(name, `must be a whole number from ${min} to ${max}`);
  return number;
}

function parseCursorField(params: URLSearchParams): CursorField {
  const value = singleParam(params, "cursor_field") ?? "updated_at";
  const field = cursorFields.find((known) => known === value);
  if (field === undefined) throw badParam("cursor_field", `must be one of ${cursorFields.join(", ")}`);
  return field;
}

function parseFirst(params: URLSearchParams): number | null {
  const value = singleParam(params, "first");
  if (value === undefined) return null;
  if (!isoInstant.safeParse(value).success) throw badParam("first", "must be an ISO 8601 timestamp");
  return Date.parse(value);
}

/** The last item of a page, where the next page continues. */
export interface PageEdge {
  id: string;
  cursorMs: number;
}

function firstIso(paging: Paging): string {
  return paging.firstMs === null ? unboundedFirst : new Date(paging.firstMs).toISOString();
}

/** `request.cursor`: where the walk started and, when a next page exists, the item it continues after. */
export function requestCursor(paging: Paging, continueAfter: PageEdge | undefined) {
  const field = paging.cursorField;
  const first = { [field]: firstIso(paging), page: 0, cursor_field: field };
  if (continueAfter === undefined) return { first, page: paging.page };
  const next = {
    id: continueAfter.id,
    [field]: new Date(continueAfter.cursorMs).toISOString(),
    page: paging.page + 1,
    cursor_field: field,
  };
  return { next, first, page: paging.page };
}

/** The top-level `cursor`: complete URLs of the first, this and (unless last) the next page. */
export function cursorUrls(endpoint: string, params: URLSearchParams, paging: Paging, hasNext: boolean) {
  const urlOf = (page: number): string => {
    const query = new URLSearchParams({
      first: firstIso(paging),
      page: String(page),
      size: String(paging.size),
      cursor_field: paging.cursorField,
    });
    for (const [name, value] of params) if (!pagingParams.has(name)) query.append(name, value);
    return `${endpoint}?${query}`;
  };
  const urls = { first: urlOf(0), self: urlOf(paging.page) };
  return hasNext ? { ...urls, next: urlOf(paging.page + 1) } : urls;
}
