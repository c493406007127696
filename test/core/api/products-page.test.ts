// How a products page crosses the boundary: headers and query as the contract says, each record judged
// alone, the cursor followed verbatim but never to another host, and the three stop rules.
import { afterEach, describe, expect, it } from "vitest";
import { createCommerceClient } from "../../../src/core/api/commerce-client.ts";
import type { ProductsPageResult } from "../../../src/core/products-page.ts";
import { AppError } from "../../../src/shared/app-error.ts";
import { productBody, productsPage } from "./contract-fixtures.ts";
import { type ScriptedAnswer, type ScriptedServer, startScriptedServer } from "./scripted-server.ts";

const auth = { token: "tok.en-123", account: "acct" };

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: (baseUrl: string) => ScriptedAnswer[]) {
  const answers: ScriptedAnswer[] = [];
  server = await startScriptedServer(answers);
  answers.push(...script(server.baseUrl));
  const client = createCommerceClient({ baseUrl: server.baseUrl, sleep: async () => {} });
  return { client, server };
}

const ok = (body: unknown): ScriptedAnswer => ({ status: 200, body });

describe("fetchProductsPage", () => {
  it("sends the Bearer token, JSON headers and every filter explicitly", async () => {
    const { client, server } = await serve((url) => [ok(productsPage(url, [], false))]);
    await client.fetchProductsPage(auth, {
      page: 3,
      size: 50,
      deleted: false,
      first: "2024-01-01T00:00:00.000Z",
      cursorField: "updated_at",
    });
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    expect(request?.headers.authorization).toBe("Bearer tok.en-123");
    expect(request?.headers.accept).toBe("application/json");
    expect(request?.headers["content-type"]).toBe("application/json");
    const url = new URL(request?.url ?? "", server.baseUrl);
    expect(url.pathname).toBe("/api/v1/products/acct/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: "3",
      size: "50",
      deleted: "false",
      first: "2024-01-01T00:00:00.000Z",
      cursor_field: "updated_at",
    });
  });

  it("keeps a record with an unusable part, naming it, and sets aside only what cannot be held", async () => {
    const good = productBody("good", { custom_field_from_the_future: { nested: [1, 2] } });
    const numberName = productBody("odd", { name: 42 });
    const undated = { ...productBody("undated"), updated_at: null };
    const page = [good, numberName, undated, "not an object"];
    const { client } = await serve((url) => [ok(productsPage(url, page, false))]);
    const result = await client.fetchProductsPage(auth, { page: 0, size: 10, deleted: false });

    expect(result.count).toBe(4);
    expect(result.received.map((item) => item.product.name)).toEqual(["Product good", ""]);
    expect(result.received[0]?.raw).toEqual(good);
    expect(result.received[0]?.unusable).toEqual([]);
    expect(result.received[1]?.raw).toEqual(numberName);
    expect(result.received[1]?.unusable).toEqual(["name: a number, not what the catalog reads here"]);
    expect(result.rejected).toEqual([
      { id: "undated", reason: "the record has no usable updated_at", raw: undated },
      { id: null, reason: "the record is not an object", raw: "not an object" },
    ]);
    expect(result.next).toBeNull();
    expect(result.nextUrl).toBeNull();
  });

  it("passes the cursor through", async () => {
    const { client } = await serve((url) => [
      ok(productsPage(url, [productBody("a"), productBody("b")], true)),
    ]);
    const result = await client.fetchProductsPage(auth, { page: 0, size: 2, deleted: false });
    expect(result.next).toMatchObject({ page: 1, cursor_field: "updated_at" });
    expect(result.nextUrl).toContain("page=1");
  });
});

async function walk(pages: AsyncIterable<ProductsPageResult>): Promise<string[][]> {
  const seen: string[][] = [];
  for await (const page of pages) seen.push(page.received.map((r) => r.product.id));
  return seen;
}

describe("iterateProducts stop rules", () => {
  const two = () => [productBody("a"), productBody("b")];

  it("requests cursor.next verbatim and stops when there is no next", async () => {
    const { client, server } = await serve((url) => [
      ok(productsPage(url, two(), true)),
      ok(productsPage(url, two(), false)),
    ]);
    expect(await walk(client.iterateProducts(auth, { page: 0, size: 2, deleted: false }))).toEqual([
      ["a", "b"],
      ["a", "b"],
    ]);
    expect(server.requests[1]?.url).toBe("/api/v1/products/acct/?page=1&size=2&deleted=false");
    expect(server.requests[1]?.headers.authorization).toBe("Bearer tok.en-123");
  });

  it("stops on a page shorter than the size asked, even when it offers a next", async () => {
    const { client, server } = await serve((url) => [ok(productsPage(url, [productBody("a")], true))]);
    expect(await walk(client.iterateProducts(auth, { page: 0, size: 2, deleted: false }))).toEqual([["a"]]);
    expect(server.requests).toHaveLength(1);
  });

  it("stops on an empty page, even when it offers a next", async () => {
    const { client, server } = await serve((url) => [
      ok(productsPage(url, two(), true)),
      ok(productsPage(url, [], true)),
    ]);
    expect(await walk(client.iterateProducts(auth, { page: 0, size: 2, deleted: false }))).toEqual([
      ["a", "b"],
      [],
    ]);
    expect(server.requests).toHaveLength(2);
  });

  it("refuses to send the token to a next link on another host", async () => {
    const { client, server } = await serve(() => [ok(productsPage("http://elsewhere.invalid", two(), true))]);
    const pages = client.iterateProducts(auth, { page: 0, size: 2, deleted: false });
    const error = await walk(pages).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe("invalid-response");
    expect(server.requests).toHaveLength(1);
  });
});
