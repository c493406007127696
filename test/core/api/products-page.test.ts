// How a products page crosses the boundary: headers and query as the contract says, each record judged
// alone, the cursor followed verbatim but never to another host, and the three stop rules.
import { afterEach, describe, expect, it } from "vitest";
import { createCommerceClient } from "../../../src/core/api/commerce-client.ts";
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
  });

  it("passes the cursor through", async () => {
    const { client } = await serve((url) => [
      ok(productsPage(url, [productBody("a"), productBody("b")], true)),
    ]);
    const result = await client.fetchProductsPage(auth, { page: 0, size: 2, deleted: false });
    expect(result.next).toMatchObject({ page: 1, cursor_field: "updated_at" });
  });
});
