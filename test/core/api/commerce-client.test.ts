// The client against the reference commerce service over real HTTP on loopback.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountPathSegment } from "../../../src/core/api/account-path.ts";
import {
  type Auth,
  type CommerceClient,
  createCommerceClient,
} from "../../../src/core/api/commerce-client.ts";
import type { ProductsPageResult, ProductsQuery } from "../../../src/core/products-page.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { failure } from "../../support/expect-failure.ts";
import { type RecordingFetch, recordingFetch } from "./recording-fetch.ts";

const demoProducts = 57;
let service: RunningService;
let recorder: RecordingFetch;
let waits: number[];
let client: CommerceClient;
let admin: Auth;

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts, seed: 7 });
  const login = await createCommerceClient({ baseUrl: service.baseUrl }).loginOrganisation({
    organisation: service.demo.organisation,
    username: service.demo.username,
    password: service.demo.password,
  });
  admin = { token: login.token, account: accountPathSegment(login.user) };
});
afterAll(() => service.close());

beforeEach(() => {
  service.setFaults(null);
  recorder = recordingFetch();
  waits = [];
  client = createCommerceClient({
    baseUrl: service.baseUrl,
    fetch: recorder.fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
});

/** Every page by page number, as the generic scheme numbers them, to the last one the service lists. */
async function walkPages(
  from: CommerceClient,
  auth: Auth,
  query: ProductsQuery,
): Promise<ProductsPageResult[]> {
  const all: ProductsPageResult[] = [];
  for (let page = query.page; ; page += 1) {
    const answer = await from.fetchProductsPage(auth, { ...query, page });
    all.push(answer);
    if (answer.next === null || answer.count < query.size) return all;
  }
}

const ids = (pages: ProductsPageResult[]) => pages.flatMap((page) => page.received.map((r) => r.product.id));

describe("logins", () => {
  it("signs in by organisation: token, account with legacy id, features as an object, no warnings", async () => {
    const result = await client.loginOrganisation({
      organisation: service.demo.organisation,
      username: service.demo.username,
      password: service.demo.password,
    });
    expect(result.token).not.toBe("");
    expect(result.token_type).toBe("Bearer");
    expect(result.user).toMatchObject({ id: service.demo.accountId, legacy_id: service.demo.legacyId });
    expect(result.features).toEqual({ vouchers: true, inventory: true, fiscalisation: false });
    expect(result.errors).toEqual([]);
    expect(Date.parse(result.expires_at)).toBeGreaterThan(Date.now());
  });

  it("signs in by API key as the service account", async () => {
    const result = await client.loginApiKey({ id: service.demo.accountId, api_key: service.demo.apiKey });
    expect(result.sub_user.role).toBe("serviceaccount");
    expect(result.sub_user.configuration_id).toBe(service.demo.configurationId);
    expect(result.user.legacy_id).toBe(service.demo.legacyId);
  });

  it("says plainly when organisation credentials are wrong, asks once, and never echoes the password", async () => {
    const password = `${service.demo.password}-wrong`;
    const error = await failure(
      client.loginOrganisation({
        organisation: service.demo.organisation,
        username: service.demo.username,
        password,
      }),
    );
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toBe("The organisation, username or password is not right.");
    expect(recorder.urls).toHaveLength(1);
  });

  it("says plainly when an API key is wrong", async () => {
    const error = await failure(client.loginApiKey({ id: service.demo.accountId, api_key: randomUUID() }));
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toContain("API key is not right");
    expect(recorder.urls).toHaveLength(1);
  });
});

describe("products", () => {
  it("addresses the account by its legacy id and sends the token with its scheme", async () => {
    expect(admin.account).toBe(service.demo.legacyId);
    const page = await client.fetchProductsPage(admin, { page: 0, size: 10, deleted: false });
    expect(page.received).toHaveLength(10);
    expect(page.rejected).toEqual([]);
    expect(page.next).not.toBeNull();
    expect(recorder.urls[0]?.pathname).toBe(`/api/v1/products/${service.demo.legacyId}/`);
    expect(recorder.urls[0]?.searchParams.get("deleted")).toBe("false");
    expect(recorder.headers[0]?.get("authorization")).toBe(`Bearer ${admin.token}`);
  });

  it.each([10, 19, 57, 100])("walks the live catalog exactly once in pages of %i", async (size) => {
    const pages = await walkPages(client, admin, { page: 0, size, deleted: false });
    const total = await client.productsTotal(admin, { deleted: false });
    const walked = ids(pages);
    expect(walked).toHaveLength(total);
    expect(new Set(walked).size).toBe(total);
    expect(pages.every((page) => page.rejected.length === 0)).toBe(true);
    // Stops at the last page: either it is short, or it has no next, or the one after it is empty.
    expect(pages.length).toBeLessThanOrEqual(Math.ceil(total / size) + 1);
    expect(recorder.count("/meta")).toBe(1);
  });

  it("walks the deleted products separately, and the totals add up", async () => {
    const deleted = ids(await walkPages(client, admin, { page: 0, size: 25, deleted: true }));
    expect(deleted).toHaveLength(await client.productsTotal(admin, { deleted: true }));
    const live = await client.productsTotal(admin, { deleted: false });
    expect(live + deleted.length).toBe(demoProducts);
  });

  it("refuses another account's path as forbidden, asked once", async () => {
    const error = await failure(
      client.fetchProductsPage({ ...admin, account: randomUUID() }, { page: 0, size: 5, deleted: false }),
    );
    expect(error.kind).toBe("forbidden");
    expect(error.message).not.toContain(admin.token);
    expect(recorder.urls).toHaveLength(1);
  });

  it("reports a refused token as unauthorized, asked once", async () => {
    const error = await failure(client.productsTotal({ ...admin, token: "not.a.token" }, { deleted: false }));
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toBe("The commerce service refused the session token. Sign in again.");
    expect(recorder.urls).toHaveLength(1);
  });

  it("reports a page size the service refuses as invalid-request, asked once", async () => {
    const error = await failure(client.fetchProductsPage(admin, { page: 0, size: 999_999, deleted: false }));
    expect(error.kind).toBe("invalid-request");
    expect(error.status).toBe(400);
    expect(error.message).toContain("size");
    expect(recorder.urls).toHaveLength(1);
  });
});

describe("faults injected by the service", () => {
  it("rides out a seeded mix of 500, 503, 429, resets and truncated bodies, seeing each product once", async () => {
    service.setFaults({
      rate: 0.4,
      seed: 11,
      kinds: ["500", "503", "429", "reset", "truncated"],
      retryAfterSeconds: 2,
    });
    const patient = createCommerceClient({
      baseUrl: service.baseUrl,
      fetch: recorder.fetch,
      retry: { attempts: 10 },
      // No jitter: a 429's wait is then its retry-after exactly.
      random: () => 0,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const pages = await walkPages(patient, admin, { page: 0, size: 5, deleted: false });
    service.setFaults(null);
    const walked = ids(pages);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked).toHaveLength(await patient.productsTotal(admin, { deleted: false }));
    // Faults happened and were retried: more requests than pages, and the 429s' retry-after was obeyed.
    expect(recorder.count("/products/")).toBeGreaterThan(pages.length + 1);
    expect(waits).toContain(2000);
  });

  it.each(["500", "503", "reset", "truncated"] as const)(
    "gives up on a lasting %s after four attempts",
    async (kind) => {
      service.setFaults({ rate: 1, seed: 1, kinds: [kind] });
      const error = await failure(client.fetchProductsPage(admin, { page: 0, size: 5, deleted: false }));
      expect(["server", "offline", "invalid-response"]).toContain(error.kind);
      expect(recorder.urls).toHaveLength(4);
      expect(waits).toHaveLength(3);
    },
  );

  it("times out a slow answer and cancels a pending one at once", async () => {
    service.setFaults({ rate: 1, seed: 1, kinds: ["slow"], slowMs: 5_000 });
    const impatient = createCommerceClient({
      baseUrl: service.baseUrl,
      deadlines: { firstByteMs: 50 },
      retry: { attempts: 2 },
      sleep: async () => {},
    });
    expect(
      (await failure(impatient.fetchProductsPage(admin, { page: 0, size: 5, deleted: false }))).kind,
    ).toBe("timeout");

    const controller = new AbortController();
    const pending = client.fetchProductsPage(admin, { page: 0, size: 5, deleted: false }, controller.signal);
    while (recorder.urls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect((await failure(pending)).kind).toBe("cancelled");
    expect(recorder.urls).toHaveLength(1);
  });
});
