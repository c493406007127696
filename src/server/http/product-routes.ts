// Reading products: the paginated list (with and without trailing slash), the meta total, and one product.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AuthDependencies, authorize } from "../auth/auth.ts";
import { type FaultSwitch, serveFault } from "../faults/faults.ts";
import { isUuid } from "../store/ids.ts";
import type { PageCache } from "../store/page-cache.ts";
import type { PagePositions } from "../store/page-positions.ts";
import { countProducts, findProductBody, listProducts, type StoredPage } from "../store/products-store.ts";
import type { WriteClock } from "../store/write-clock.ts";
import { requestInfo, successBody, withRawResults } from "./envelope.ts";
import { HttpError } from "./http-error.ts";
import { cursorUrls, type Paging, parsePaging, requestCursor } from "./pagination.ts";
import { type ProductFilters, parseProductFilters } from "./product-filters.ts";
import { queryParams } from "./query-params.ts";

export interface ProductReadDependencies extends AuthDependencies {
  faults: FaultSwitch;
  positions: PagePositions;
  pages: PageCache;
  writeClock: WriteClock;
}

type AccountRequest = FastifyRequest<{ Params: { account: string } }>;
type ProductRequest = FastifyRequest<{ Params: { account: string; id: string } }>;

const json = "application/json; charset=utf-8";

export function registerProductReadRoutes(app: FastifyInstance, deps: ProductReadDependencies): void {
  const list = (request: AccountRequest, reply: FastifyReply) => listPage(deps, request, reply);
  app.get("/api/v1/products/:account", list);
  app.get("/api/v1/products/:account/", list);

  app.get("/api/v1/products/:account/meta", async (request: AccountRequest) => {
    const claims = await authorize(deps, request, request.params.account, "products:read");
    const filters = parseProductFilters(queryParams(request.url));
    const count = await countProducts(deps.db, claims.aud, filters);
    return successBody(request, "Products counted.", { results: [{ count }] });
  });

  app.get("/api/v1/products/:account/:id", async (request: ProductRequest, reply) => {
    const claims = await authorize(deps, request, request.params.account, "products:read:one");
    if (!isUuid(request.params.id)) throw new HttpError(400, "The product id is not a UUID.");
    const body = await findProductBody(deps.db, claims.aud, request.params.id);
    if (body === undefined) throw new HttpError(404, "No product with this id.");
    const head = successBody(request, "Product found.", {});
    return reply.type(json).send(withRawResults(head, [Buffer.from(body)]));
  });
}

async function listPage(deps: ProductReadDependencies, request: AccountRequest, reply: FastifyReply) {
  const claims = await authorize(deps, request, request.params.account, "products:read");
  const params = queryParams(request.url);
  const filters = parseProductFilters(params);
  const paging = parsePaging(params);
  const body = async (): Promise<Buffer> => {
    const rows = await readPage(deps, claims.aud, filters, paging);
    return pageBody(request, params, paging, rows);
  };
  const fault = deps.faults.draw();
  if (fault !== null) return serveFault(fault, request, reply, body);
  return reply.type(json).send(await body());
}

/**
 * Page N by OFFSET, or after the end of page N - 1 of the same walk when that is known (page-positions.ts),
 * or as served a moment ago (page-cache.ts). The write clock is read before the page: a position or a
 * page kept under it is used only while it still reads the same, and a page read after a remembered
 * position is checked against it once more, since a write may commit, on any node, while the page is read.
 */
async function readPage(
  deps: ProductReadDependencies,
  accountId: string,
  filters: ProductFilters,
  paging: Paging,
) {
  const walk = JSON.stringify([accountId, filters, paging.cursorField, paging.firstMs, paging.size]);
  const clock = await deps.writeClock.last(deps.db);
  let page = deps.pages.get(walk, paging.page, clock);
  if (page === undefined) {
    page = await readStoredPage(deps, accountId, filters, paging, walk, clock);
    deps.pages.put(walk, paging.page, clock, page);
  }
  const { last } = page;
  if (last && page.count === paging.size) {
    deps.positions.remember(walk, paging.page, { id: last.id, cursorMs: last[paging.cursorField] }, clock);
  }
  return page;
}

async function readStoredPage(
  deps: ProductReadDependencies,
  accountId: string,
  filters: ProductFilters,
  paging: Paging,
  walk: string,
  clock: number,
) {
  const query = { cursorField: paging.cursorField, firstMs: paging.firstMs, limit: paging.size };
  const byOffset = () =>
    listProducts(deps.db, accountId, filters, { ...query, offset: paging.page * paging.size });
  const after = deps.positions.endBefore(walk, paging.page, clock);
  if (after === undefined) return byOffset();
  const page = await listProducts(deps.db, accountId, filters, { ...query, offset: 0, after });
  return (await deps.writeClock.last(deps.db)) === clock ? page : byOffset();
}

/** A full page means there may be more: only then do the cursors point on to a next page. */
function pageBody(
  request: FastifyRequest,
  params: URLSearchParams,
  paging: Paging,
  rows: StoredPage,
): Buffer {
  const { last } = rows;
  const edge =
    last && rows.count === paging.size ? { id: last.id, cursorMs: last[paging.cursorField] } : undefined;
  const head = {
    status: 200,
    msg: "Products found.",
    request: { ...requestInfo(request), cursor: requestCursor(paging, edge) },
    cursor: cursorUrls(endpointOf(request), params, paging, edge !== undefined),
    count: rows.count,
  };
  return withRawResults(head, rows.parts);
}

/** The list URL as this call named it (with or without the trailing slash), without its query. */
function endpointOf(request: FastifyRequest): string {
  const path = request.url.split("?", 1)[0] ?? "";
  return `${request.protocol}://${request.host}${path}`;
}
