// The read routes of a resource the service holds as a short list per account (branches, taxes, product
// groups, favourite sets): GET <path>/<account> (and with a trailing slash) paged by the generic scheme
// exactly as products are (pagination.ts: page/size or limit, cursor_field, first, the cursors), ordered
// by the cursor field, then id; and, where the resource has it, GET <path>/<account>/<id>.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CursorField } from "../../shared/api/pagination.ts";
import { type AuthDependencies, authorize } from "../auth/auth.ts";
import type { Permission } from "../auth/scopes.ts";
import { isUuid } from "../store/ids.ts";
import { requestInfo, successBody } from "./envelope.ts";
import { HttpError } from "./http-error.ts";
import { cursorUrls, type PageEdge, type Paging, parsePaging, requestCursor } from "./pagination.ts";
import { queryParams } from "./query-params.ts";

export type ListedRecord = Record<string, unknown> & { id: string };

export interface ListedResource {
  /** The path before the account, e.g. `/api/v0/taxes`. */
  path: string;
  permission: Permission;
  /** Every record of the account, in any order. */
  records(accountId: string): Promise<readonly ListedRecord[]>;
  /** A record's cursor field as epoch ms. */
  instant(record: ListedRecord, field: CursorField): number;
  /** The answers' messages; `one` and `missing` also register the route for one record. */
  messages: { list: string; one?: string; missing?: string };
}

type AccountRequest = FastifyRequest<{ Params: { account: string } }>;
type RecordRequest = FastifyRequest<{ Params: { account: string; id: string } }>;

export function registerListedResource(
  app: FastifyInstance,
  deps: AuthDependencies,
  resource: ListedResource,
): void {
  const list = async (request: AccountRequest) => {
    const claims = await authorize(deps, request, request.params.account, resource.permission);
    const params = queryParams(request.url);
    const paging = parsePaging(params);
    const walk = inWalkOrder(await resource.records(claims.aud), resource, paging);
    const page = walk.slice(paging.page * paging.size, (paging.page + 1) * paging.size);
    const last = page.at(-1);
    const edge: PageEdge | undefined =
      last !== undefined && page.length === paging.size
        ? { id: last.id, cursorMs: resource.instant(last, paging.cursorField) }
        : undefined;
    const path = request.url.split("?", 1)[0] ?? "";
    return {
      status: 200,
      msg: resource.messages.list,
      request: { ...requestInfo(request), cursor: requestCursor(paging, edge) },
      cursor: cursorUrls(`${request.protocol}://${request.host}${path}`, params, paging, edge !== undefined),
      count: page.length,
      results: page,
    };
  };
  app.get(`${resource.path}/:account`, list);
  app.get(`${resource.path}/:account/`, list);

  const { one, missing } = resource.messages;
  if (one === undefined || missing === undefined) return;
  app.get(`${resource.path}/:account/:id`, async (request: RecordRequest) => {
    const claims = await authorize(deps, request, request.params.account, resource.permission);
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(400, "The id in the path is not a UUID.");
    const record = (await resource.records(claims.aud)).find((candidate) => candidate.id === id);
    if (record === undefined) throw new HttpError(404, missing);
    return successBody(request, one, { results: [record] });
  });
}

/** Every record at or after `first`, ordered by the cursor field, then id. */
function inWalkOrder(records: readonly ListedRecord[], resource: ListedResource, paging: Paging) {
  const at = (record: ListedRecord) => resource.instant(record, paging.cursorField);
  return records
    .filter((record) => paging.firstMs === null || at(record) >= paging.firstMs)
    .sort((a, b) => at(a) - at(b) || (a.id < b.id ? -1 : 1));
}

/** The instant of a record that carries its timestamps as ISO strings, as the v0 resources do. */
export function isoInstant(record: ListedRecord, field: CursorField): number {
  return Date.parse(record[field] as string);
}
