// The account's branches, as GET /api/v0/branches/<account> lists them: the demo chain's, whose ids
// the demo branch prices name. Paged like products (page/size, cursor_field, first), ordered by the
// cursor field, then id.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AuthDependencies, authorize } from "./auth.ts";
import { branchRecord, demoBranches } from "./demo-branches.ts";
import { requestInfo } from "./envelope.ts";
import { cursorUrls, type Paging, parsePaging, requestCursor } from "./pagination.ts";
import { queryParams } from "./query-params.ts";

type AccountRequest = FastifyRequest<{ Params: { account: string } }>;

export function registerBranchRoutes(app: FastifyInstance, deps: AuthDependencies): void {
  const list = async (request: AccountRequest) => {
    await authorize(deps, request, request.params.account, "branches:read");
    const params = queryParams(request.url);
    const paging = parsePaging(params);
    const walk = branchesFrom(paging);
    const page = walk.slice(paging.page * paging.size, (paging.page + 1) * paging.size);
    const last = page.at(-1);
    const edge =
      last !== undefined && page.length === paging.size
        ? { id: last.id as string, cursorMs: Date.parse(last[paging.cursorField] as string) }
        : undefined;
    const path = request.url.split("?", 1)[0] ?? "";
    return {
      status: 200,
      msg: "Branches found.",
      request: { ...requestInfo(request), cursor: requestCursor(paging, edge) },
      cursor: cursorUrls(`${request.protocol}://${request.host}${path}`, params, paging, edge !== undefined),
      count: page.length,
      results: page,
    };
  };
  app.get("/api/v0/branches/:account", list);
  app.get("/api/v0/branches/:account/", list);
}

/** Every branch at or after `first`, in the walk's order. */
function branchesFrom(paging: Paging): Record<string, unknown>[] {
  const field = paging.cursorField;
  const at = (record: Record<string, unknown>) => Date.parse(record[field] as string);
  return demoBranches
    .map(branchRecord)
    .filter((record) => paging.firstMs === null || at(record) >= paging.firstMs)
    .sort((a, b) => at(a) - at(b) || ((a.id as string) < (b.id as string) ? -1 : 1));
}
