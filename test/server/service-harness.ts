// Test helpers: start the service in-process on a free loopback port and call it over real HTTP. The
// vitest project says on which database (`SERVICE_DATABASE`): SQLite (the "node" project) or a fresh
// PostgreSQL database per service (the "postgres" project runs the service suites again on it).
import { afterAll } from "vitest";
import { minPasswordCost } from "../../src/server/auth/passwords.ts";
import {
  type DemoAccount,
  type RunningService,
  type ServiceOptions,
  startService,
} from "../../src/server/service.ts";
import { freshPostgresDatabase } from "../support/postgres-database.ts";
import { startTwoNodeService } from "./two-node-service.ts";

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface CallOptions {
  token?: string;
  /** Sent as JSON unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export type ServiceSetup = "sqlite" | "postgres";

/** Nodes behind a balancer in this set-up: 2 in `npm run test:long`'s postgres-two-nodes project. */
export const serviceNodes = process.env.SERVICE_NODES === "2" ? 2 : 1;

/** The set-up this run of the suites tests. */
export const serviceSetup: ServiceSetup = process.env.SERVICE_DATABASE === "postgres" ? "postgres" : "sqlite";

/** Where a test service keeps its data in this set-up: `options.database` (or SQLite in memory) or PostgreSQL. */
export async function testDatabase(options: ServiceOptions = {}): Promise<string> {
  if (serviceSetup === "postgres") return freshPostgresDatabase();
  return options.database ?? ":memory:";
}

/**
 * Starts a service for the file's tests and closes it after them. Its passwords are hashed at the lowest
 * cost (login.test.ts checks the default's): the suites create and sign in hundreds of users.
 */
export async function startTestService(options: ServiceOptions = {}): Promise<RunningService> {
  const start = serviceNodes === 2 ? startTwoNodeService : startService;
  const database = await testDatabase(options);
  const service = await start({ port: 0, passwordCost: minPasswordCost, ...options, database });
  afterAll(() => service.close());
  return service;
}

export async function call(
  service: RunningService,
  method: string,
  pathOrUrl: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${service.baseUrl}${pathOrUrl}`;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: parseJson(text) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function adminToken(service: RunningService, demo = service.demo): Promise<string> {
  const { organisation, username, password } = demo;
  const reply = await call(service, "POST", "/api/v1/users/auth/organisation/login", {
    body: { organisation, username, password },
  });
  return tokenOf(reply);
}

export async function keyToken(
  service: RunningService,
  apiKey = service.demo.apiKey,
  accountId = service.demo.accountId,
): Promise<string> {
  const reply = await call(service, "POST", "/api/v1/users/auth/key", {
    body: { id: accountId, api_key: apiKey },
  });
  return tokenOf(reply);
}

function tokenOf(reply: Reply): string {
  const token = (reply.json as { token?: unknown } | undefined)?.token;
  if (reply.status !== 200 || typeof token !== "string")
    throw new Error(`login failed: ${reply.status} ${reply.text}`);
  return token;
}

/** Paths of the (first) demo account, or of `account` with that account's configuration. */
export function paths(service: RunningService, account = service.demo.legacyId) {
  return accountPaths(service.demo, account);
}

/** Paths of one demo account, named by its legacy id unless `account` says otherwise. */
export function accountPaths(demo: DemoAccount, account = demo.legacyId) {
  const users = `/api/v0/configurations/${account}/${demo.configurationId}/users`;
  return {
    products: `/api/v1/products/${account}`,
    product: (id: string) => `/api/v1/products/${account}/${id}`,
    meta: `/api/v1/products/${account}/meta`,
    branches: `/api/v0/branches/${account}`,
    taxes: `/api/v0/taxes/${account}`,
    tax: (id: string) => `/api/v0/taxes/${account}/${id}`,
    productGroups: `/api/v0/product_groups/${account}`,
    productGroup: (id: string) => `/api/v0/product_groups/${account}/${id}`,
    favourites: `/api/v0/favourites/${account}`,
    favourite: (id: string) => `/api/v0/favourites/${account}/${id}`,
    users,
    user: (id: string) => `${users}/${id}`,
    apiKey: (id: string) => `${users}/${id}/api/key`,
  };
}
