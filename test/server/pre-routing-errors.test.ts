// Requests refused before any route runs (by the HTTP parser, the router or the request guards) get the
// same envelope, request id and security headers as every other answer, and the service keeps serving.

import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { headerLimitBytes, maxConcurrentRequests, maxPathSegmentChars } from "../../src/server/http/app.ts";
import { expectError } from "./error-envelope.ts";
import { rawRequest } from "./raw-http.ts";
import { adminToken, call, paths, type Reply, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 2 });
const token = await adminToken(service);
const path = paths(service);

function expectSecurityHeaders(reply: Reply): void {
  expect(reply.headers.get("cache-control")).toBe("no-store");
  expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
  expect(reply.headers.get("content-security-policy")).toContain("default-src 'none'");
}

const get = (target: string, headers = "Host: service.test\r\n") =>
  `GET ${target} HTTP/1.1\r\n${headers}\r\n`;

const refusals: [string, string, number][] = [
  ["a control byte in the path", get("/api/v1/products/\u0001x"), 400],
  ["a space-separated extra word in the request line", "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n", 400],
  ["a badly percent-encoded path", get("/api/v1/products/%E0%A4%A"), 400],
  ["a URL over the header limit", get(`/${"a".repeat(headerLimitBytes + 10)}`), 431],
  ["a header over the limit", get("/", `Host: x\r\nX-Big: ${"a".repeat(headerLimitBytes + 10)}\r\n`), 431],
  ["a path segment over the limit", get(`/api/v1/products/${"a".repeat(maxPathSegmentChars + 1)}`), 414],
  ["an unknown method", "BREW /api/v1/products/x HTTP/1.1\r\nHost: x\r\n\r\n", 400],
  [
    "CONNECT, which Node keeps from the router",
    "CONNECT service.test:443 HTTP/1.1\r\nHost: service.test:443\r\n\r\n",
    405,
  ],
  [
    "an Expect other than 100-continue",
    "POST /api/v1/users/auth/key HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 200-ok\r\n\r\n{}",
    417,
  ],
  [
    "absolute-form target for another host",
    "GET http://elsewhere.test/nothing HTTP/1.1\r\nHost: x\r\n\r\n",
    404,
  ],
  ["an obsolete folded header", get("/", "Host: x\r\nX-A: 1\r\n  folded\r\n"), 400],
  ["a header line without a colon", get("/", "Host: x\r\nNoColon\r\n"), 400],
  ["a negative Content-Length", "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400],
  [
    "a Transfer-Encoding other than chunked",
    "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
    400,
  ],
  ["bare LF line endings", "GET / HTTP/1.1\nHost: x\n\n", 400],
  ["the HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 400],
  ["a known method no route has", "PROPFIND /api/v1/products/x HTTP/1.1\r\nHost: x\r\n\r\n", 405],
  ["a known method on no route", "PROPFIND /nothing HTTP/1.1\r\nHost: x\r\n\r\n", 404],
  ["an unknown route", get("/api/v9/nothing"), 404],
  [
    "a repeated Content-Length",
    "POST /api/v1/users/auth/key HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    400,
  ],
  [
    "Content-Length beside Transfer-Encoding",
    "POST /api/v1/users/auth/key HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    400,
  ],
  [
    "a malformed chunk",
    "POST /api/v1/users/auth/key HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
    400,
  ],
  ["a non-numeric Content-Length", "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n", 400],
  ["a repeated Host", get("/", "Host: a.test\r\nHost: b.test\r\n"), 400],
  ["no Host in HTTP/1.1", get("/", ""), 400],
  [
    "a repeated authorization",
    get(path.products, `Host: x\r\nAuthorization: Bearer ${token}\r\nAuthorization: Bearer x\r\n`),
    400,
  ],
  ["a bad byte in a header name", get("/", "Host: x\r\nBad Name: 1\r\n"), 400],
  ["an unknown HTTP version", "GET / HTTP/7.1\r\nHost: x\r\n\r\n", 400],
  ["bytes that are not HTTP at all", "\u0000\u0001\u0002\r\n\r\n", 400],
];

describe("pre-routing refusals", () => {
  it.each(refusals)("answers %s with the envelope", async (_, request, status) => {
    const reply = await rawRequest(service.baseUrl, request);
    const body = expectError(reply, status);
    expect(body.request.id).toMatch(/^[0-9a-f-]{36}$/);
    expectSecurityHeaders(reply);
    expect(reply.text.length).toBeLessThan(2000);
  });

  it("gives each parser refusal its own request id, and keeps serving afterwards", async () => {
    const first = expectError(await rawRequest(service.baseUrl, get("/\u0001")), 400);
    const second = expectError(await rawRequest(service.baseUrl, get("/\u0001")), 400);
    expect(first.request.id).not.toBe(second.request.id);
    expect((await call(service, "GET", path.products, { token })).status).toBe(200);
  });
});

describe("requests in flight", () => {
  it("past the limit are refused with 503 and retry-after, and served again once the load is gone", async () => {
    service.setFaults({ rate: 1, seed: 1, kinds: ["slow"], slowMs: 10_000 });
    let settled = false;
    const held = Promise.all(
      Array.from({ length: maxConcurrentRequests }, () => call(service, "GET", path.products, { token })),
    ).finally(() => {
      settled = true;
    });
    // Keeps asking while the slow requests are held, however long they take to arrive.
    let refused: Reply | undefined;
    while (refused === undefined && !settled) {
      const reply = await call(service, "GET", "/nothing");
      if (reply.status === 503) refused = reply;
      else await sleep(50);
    }
    service.setFaults(null);
    expect(refused, "no request was refused while the limit was reached").toBeDefined();
    expectError(refused as Reply, 503);
    expect(refused?.headers.get("retry-after")).toBe("1");
    const answers = await held;
    expect(answers.every((reply) => reply.status === 200)).toBe(true);
    expect((await call(service, "GET", path.products, { token })).status).toBe(200);
  }, 60_000);
});

describe("security headers", () => {
  it("are on successful answers, logins and errors alike", async () => {
    const { organisation, username, password } = service.demo;
    const replies = [
      await call(service, "GET", path.products, { token }),
      await call(service, "POST", "/api/v1/users/auth/organisation/login", {
        body: { organisation, username, password },
      }),
      await call(service, "GET", path.products),
      await call(service, "GET", "/nothing"),
    ];
    for (const reply of replies) expectSecurityHeaders(reply);
  });
});
