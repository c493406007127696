// The app's client for the commerce service: the contract's endpoints, every answer parsed with the
// shared schemas at this edge, transient failures retried, every failure an AppError.
import type { BranchInfo } from "../../shared/api/branch.ts";
import {
  type KeyLoginRequest,
  type KeyLoginResult,
  keyLoginResultSchema,
  type OrganisationLoginResult,
  organisationLoginResultSchema,
} from "../../shared/api/login.ts";
import { productsMetaSchema } from "../../shared/api/pagination.ts";
import type { ReferenceKind } from "../../shared/api/reference-data.ts";
import type { ProductsPageResult, ProductsQuery } from "../products-page.ts";
import { invalidResponse, parseResponse } from "./api-errors.ts";
import { readBranches } from "./branch-reading.ts";
import { type ConnectionPool, createConnectionPool } from "./connection-pool.ts";
import { createJsonSender, type JsonRequest } from "./json-request.ts";
import { type ListRead, parseListPage, readEveryPage } from "./list-pages.ts";
import { toProductsPageResult } from "./products-page-parser.ts";
import { defaultDeadlines, type RequestDeadlines } from "./request-deadlines.ts";
import {
  defaultRetryOptions,
  type RetryOptions,
  realSleep,
  type Sleep,
  withRetries,
} from "./retry-policy.ts";
import { retryFits, type TimeBudget } from "./time-budget.ts";

/** A token and the account path segment it is used with (see accountPathSegment). */
export type Auth = { token: string; account: string };

export interface CommerceClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per attempt; each one left out keeps its default. */
  deadlines?: Partial<RequestDeadlines>;
  retry?: Partial<RetryOptions>;
  random?: () => number;
  sleep?: Sleep;
  /** Epoch ms; only used to turn a `retry-after` HTTP date into a wait. */
  clock?: () => number;
  /** Shared with the other clients of one catalog; the client's own when absent. */
  connections?: ConnectionPool;
  /** The overall limit of the sync, sign-in or change of address this client works for. */
  budget?: TimeBudget;
}

export interface CommerceClient {
  loginOrganisation(
    body: { organisation: string; username: string; password: string },
    signal?: AbortSignal,
  ): Promise<OrganisationLoginResult>;
  loginApiKey(body: KeyLoginRequest, signal?: AbortSignal): Promise<KeyLoginResult>;
  /** `onSent`: told once the request is on its way (written, or the attempt over without it). */
  fetchProductsPage(
    auth: Auth,
    query: ProductsQuery,
    signal?: AbortSignal,
    onSent?: () => void,
  ): Promise<ProductsPageResult>;
  productsTotal(auth: Auth, filters: { deleted: boolean }, signal?: AbortSignal): Promise<number>;
  /** The account's live branches, every page; null when the service has no branch list (404, 403). */
  branches(auth: Auth, signal?: AbortSignal): Promise<BranchInfo[] | null>;
  /** One list of reference data (favourites, product groups, taxes), every page, as received. */
  referenceList(auth: Auth, kind: ReferenceKind, signal?: AbortSignal): Promise<ListRead>;
}

// The contract has product reads send a content type even though they carry no body.
const productReadHeaders = { "content-type": "application/json" };

export function createCommerceClient(options: CommerceClientOptions): CommerceClient {
  const origin = new URL(options.baseUrl).origin;
  const { budget } = options;
  const deadlines = { ...defaultDeadlines, ...options.deadlines };
  const send = createJsonSender({
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? globalThis.fetch,
    deadlines,
    clock: options.clock ?? Date.now,
    connections: options.connections ?? createConnectionPool(),
    budget,
  });
  const retry = { ...defaultRetryOptions, ...options.retry };
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? realSleep;

  function call<T>(
    request: JsonRequest,
    parse: (body: unknown, serverTimeMs: number | null) => T,
    signal?: AbortSignal,
    attempts?: number,
  ) {
    const policy = attempts === undefined ? retry : { ...retry, attempts };
    return withRetries(
      async () => {
        const reply = await send(request, signal);
        return parse(reply.body, reply.serverTimeMs);
      },
      {
        options: policy,
        random,
        sleep,
        signal,
        retryFits: budget && ((delayMs) => retryFits(budget, delayMs, deadlines.firstByteMs)),
      },
    );
  }

  const productsPath = (auth: Auth) => `api/v1/products/${encodeURIComponent(auth.account)}`;
  const productRead = (auth: Auth, url: string, searchParams?: Record<string, string>): JsonRequest => ({
    method: "get",
    url,
    purpose: "authorised",
    token: auth.token,
    headers: productReadHeaders,
    searchParams,
  });

  // The token goes only to the service we were configured with, whatever a next-page link says.
  function sameOrigin(url: string): string {
    if (new URL(url).origin !== origin) throw invalidResponse("the next-page link points to another host");
    return url;
  }

  /** One page of a list read with the product reads' headers. */
  const listGet =
    (auth: Auth, what: string, signal?: AbortSignal) => (url: string, query?: Record<string, string>) =>
      call(productRead(auth, url, query), (body) => parseListPage(body, what), signal);

  const client: CommerceClient = {
    loginOrganisation: ({ organisation, username, password }, signal) =>
      call(
        {
          method: "post",
          url: "api/v1/users/auth/organisation/login",
          purpose: "organisation-login",
          json: { organisation, username, password },
          secrets: [password],
        },
        (answer) => parseResponse(organisationLoginResultSchema, answer, "organisation login"),
        signal,
      ),

    loginApiKey: ({ id, api_key }, signal) =>
      call(
        {
          method: "post",
          url: "api/v1/users/auth/key",
          purpose: "key-login",
          json: { id, api_key },
          secrets: [api_key],
        },
        (answer) => parseResponse(keyLoginResultSchema, answer, "API key login"),
        signal,
      ),

    fetchProductsPage: (auth, query, signal, onSent) =>
      call(
        { ...productRead(auth, `${productsPath(auth)}/`, listParams(query)), onSent },
        toProductsPageResult,
        signal,
      ),

    branches: (auth, signal) =>
      readBranches(listGet(auth, "branches page", signal), {
        first: `api/v0/branches/${encodeURIComponent(auth.account)}`,
        sameOrigin,
      }),

    referenceList: (auth, kind, signal) =>
      readEveryPage(listGet(auth, `${kind} page`, signal), {
        first: `api/v0/${kind}/${encodeURIComponent(auth.account)}`,
        sameOrigin,
      }),

    productsTotal: async (auth, filters, signal) => {
      const url = `${productsPath(auth)}/meta`;
      const parse = (body: unknown) => parseResponse(productsMetaSchema, body, "products total");
      const meta = await call(productRead(auth, url, { deleted: String(filters.deleted) }), parse, signal);
      return meta.results[0].count;
    },
  };
  return client;
}

function listParams(query: ProductsQuery): Record<string, string> {
  const params: Record<string, string> = {
    page: String(query.page),
    size: String(query.size),
    deleted: String(query.deleted),
  };
  if (query.cursorField) params.cursor_field = query.cursorField;
  if (query.first) params.first = query.first;
  return params;
}
