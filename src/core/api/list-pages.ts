// Reading a whole list the service pages the contract's one way (a `cursor.next` address per page):
// the branches, and the reference data beside the products (favourites, product groups, taxes). A
// service without the list (an older deployment: 404) or a user not allowed it (403) is an answer,
// not an error: the caller decides what a missing list means.
import { z } from "zod";
import { envelopeSchema } from "../../shared/api/common.ts";
import { isAppError } from "../../shared/app-error.ts";
import { parseResponse } from "./api-errors.ts";

export interface ListPage {
  results: unknown[];
  next: string | null;
}

const listPageSchema = envelopeSchema.extend({
  results: z.array(z.unknown()),
  cursor: z.looseObject({ next: z.string().nullish() }).nullish(),
});

export function parseListPage(body: unknown, what: string): ListPage {
  const page = parseResponse(listPageSchema, body, what);
  return { results: page.results, next: page.cursor?.next ?? null };
}

/** Every record of the list, or why the service gave none: it has no such list, or may not show it. */
export type ListRead = { records: unknown[] } | { unavailable: "absent" | "forbidden" };

/** More pages than any list of an account in pages of 500: a service looping on its cursor ends here. */
const maxPages = 100;
const pageSize = 500;

export async function readEveryPage(
  get: (url: string, query?: Record<string, string>) => Promise<ListPage>,
  paths: { first: string; sameOrigin: (url: string) => string },
): Promise<ListRead> {
  const records: unknown[] = [];
  try {
    let page = await get(paths.first, { size: String(pageSize) });
    for (let pages = 1; ; pages++) {
      records.push(...page.results);
      if (page.next === null || page.results.length === 0 || pages >= maxPages) return { records };
      page = await get(paths.sameOrigin(page.next));
    }
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { unavailable: "absent" };
    if (isAppError(error) && error.status === 403) return { unavailable: "forbidden" };
    throw error;
  }
}
