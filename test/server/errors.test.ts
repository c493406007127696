// Requests the service must refuse cleanly: every refusal in the one envelope, never a trace, never a hang.
import { describe, expect, it } from "vitest";
import { bodyLimitBytes } from "../../src/server/http/app.ts";
import { maxJsonDepth } from "../../src/server/http/json-body.ts";
import { expectError } from "./error-envelope.ts";
import { rawRequest } from "./raw-http.ts";
import { adminToken, call, paths, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 2 });
const path = paths(service);
const token = await adminToken(service);
const login = "/api/v1/users/auth/organisation/login";

describe("request bodies", () => {
  it("answers malformed JSON with 400", async () => {
    const headers = { "content-type": "application/json" };
    expectError(await call(service, "POST", login, { rawBody: '{"organisation": ', headers }), 400);
    expectError(await call(service, "POST", path.products, { token, rawBody: "{nope}", headers }), 400);
  });

  it("answers an empty JSON body and a missing body with 400", async () => {
    expectError(
      await call(service, "POST", login, { rawBody: "", headers: { "content-type": "application/json" } }),
      400,
    );
    expectError(await call(service, "POST", login), 400);
  });

  it("answers a body that is not JSON with 415", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
      const reply = await call(service, "POST", login, {
        rawBody: "organisation=x",
        headers: { "content-type": type },
      });
      expectError(reply, 415);
    }
  });

  it("answers a body nested deeper than the limit with 400, on every body-taking route", async () => {
    const headers = { "content-type": "application/json" };
    const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    const deep = `{"name":"x","tax":"t","type":"product","extra":${nested(200_000)}}`;
    for (const url of [login, path.products, path.users, path.product(crypto.randomUUID())]) {
      const method = url === path.products || url === path.users || url === login ? "POST" : "PUT";
      const reply = await call(service, method, url, { token, rawBody: deep, headers });
      expect(expectError(reply, 400).msg).toContain(String(maxJsonDepth));
    }
    // Brackets inside strings are text, not nesting.
    const name = "[".repeat(maxJsonDepth * 2);
    const created = await call(service, "POST", path.products, {
      token,
      body: { name, tax: "t", type: "product" },
    });
    expect(created.status, created.text).toBe(200);
  });

  it("answers a body over the limit with 413", async () => {
    const name = "x".repeat(bodyLimitBytes);
    expectError(
      await call(service, "POST", path.products, { token, body: { name, tax: "t", type: "product" } }),
      413,
    );
  });

  it("reads a body over the limit to its end before answering 413, so no reset overtakes the answer", async () => {
    const body = Buffer.alloc(bodyLimitBytes + 10, "x");
    const head = [
      `POST ${path.products} HTTP/1.1`,
      `Host: ${new URL(service.baseUrl).host}`,
      `Authorization: Bearer ${token}`,
      "Content-Type: application/json",
      `Content-Length: ${body.length}`,
    ];
    const start = Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`), body.subarray(0, -1)]);
    // The last byte held back: a node that answers before it has read the body answers in the pause.
    const reply = await rawRequest(service.baseUrl, start, 10_000, { rest: body.subarray(-1), pauseMs: 500 });
    expect(reply.early, "bytes of the answer sent before the body's last byte").toBe(0);
    expectError(reply, 413);
  });
});

describe("routes", () => {
  it("answers unknown routes with 404", async () => {
    for (const url of ["/", "/api/v1/nothing", "/api/v2/products/x", `${path.products}/meta/extra`]) {
      expectError(await call(service, "GET", url, { token }), 404);
    }
  });

  it("answers a method the path does not have with 405 and the methods it has", async () => {
    const cases: [string, string, string][] = [
      ["GET", login, "POST"],
      ["PATCH", path.products, "GET, HEAD, POST"],
      ["DELETE", path.products, "GET, HEAD, POST"],
      ["PUT", path.users, "GET, HEAD, POST"],
      ["POST", path.product(crypto.randomUUID()), "GET, HEAD, PUT, DELETE"],
    ];
    for (const [method, url, allow] of cases) {
      const reply = await call(service, method, url, { token, body: method === "GET" ? undefined : {} });
      expectError(reply, 405);
      expect(reply.headers.get("allow")).toBe(allow);
    }
  });

  it("answers an undecodable URL with 400", async () => {
    expectError(await call(service, "GET", "/api/v1/products/%E0%A4%A", { token }), 400);
  });

  it("asks for a token before anything else on protected routes", async () => {
    expectError(await call(service, "GET", `${path.products}?page=-1`), 401);
    expectError(await call(service, "GET", path.product("not-a-uuid")), 401);
    expectError(await call(service, "POST", path.users, { body: {} }), 401);
  });

  it("gives each request its own id", async () => {
    const first = expectError(await call(service, "GET", "/nope"), 404);
    const second = expectError(await call(service, "GET", "/nope"), 404);
    expect(first.request.id).not.toBe(second.request.id);
  });
});
