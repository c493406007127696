// A property over every route: take a request that would succeed, spoil one thing about it (the token, a
// path segment, a byte of the path, the query, the body, a header, the method) and send it as raw bytes.
// The answer is always a 4xx in the envelope: never a 5xx, never a stack trace, never silence.
import fc from "fast-check";
import { expect, it } from "vitest";
import { expectClientError } from "./error-envelope.ts";
import { rawRequest } from "./raw-http.ts";
import { accountFixture, type RouteCase, routeCases } from "./route-catalog.ts";
import { startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 3 });
const own = await accountFixture(service, service.demo);
const demo = service.demo;

/** The two logins, as routes that need no token. */
const loginCases: RouteCase[] = [
  {
    name: "organisation login",
    method: "POST",
    permission: "",
    prepare: async () => ({
      path: "/api/v1/users/auth/organisation/login",
      body: { organisation: demo.organisation, username: demo.username, password: demo.password },
    }),
  },
  {
    name: "key login",
    method: "POST",
    permission: "",
    prepare: async () => ({
      path: "/api/v1/users/auth/key",
      body: { id: demo.accountId, api_key: demo.apiKey },
    }),
  },
];
const allRoutes = [...routeCases, ...loginCases];

interface Wire {
  method: string;
  path: string;
  headers: [string, string][];
  body?: string;
}

interface Target {
  route: RouteCase;
  wire: Wire;
}

type Spoiler = (target: Target) => Wire | null;

const without = (headers: [string, string][], name: string) =>
  headers.filter(([key]) => key.toLowerCase() !== name);
const withBody = (wire: Wire, body: string, type = "application/json"): Wire => ({
  ...wire,
  headers: [...without(without(wire.headers, "content-type"), "content-length"), ["Content-Type", type]],
  body,
});

/** Header-safe text: any printable character, no line breaks. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
});

const badToken: fc.Arbitrary<Spoiler> = fc
  .oneof(
    fc.constant((token: string) => token),
    fc.constant(() => "Bearer"),
    fc.constant((token: string) => `Basic ${token}`),
    headerText.map((text) => () => `Bearer ${text.replace(/^\s+/, "")}x`),
    headerText.map((text) => () => text),
    fc.nat().map((index) => (token: string) => {
      let at = index % token.length;
      // Never the last character of a segment: in base64url its low bits may be padding, and a
      // change there alone spells the same bytes, which is the same token.
      if (at === token.length - 1 || token[at + 1] === ".") at -= 1;
      const swapped = token[at] === "A" ? "B" : "A";
      return `Bearer ${token.slice(0, at)}${swapped}${token.slice(at + 1)}`;
    }),
  )
  .map((spoil) => ({ route, wire }) => {
    if (!route.permission) return null;
    const token = wire.headers.find(([key]) => key === "Authorization")?.[1].slice("Bearer ".length) ?? "";
    return { ...wire, headers: [...without(wire.headers, "authorization"), ["Authorization", spoil(token)]] };
  });

const badSegment: fc.Arbitrary<Spoiler> = fc
  .tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 40 }))
  .map(([index, text]) => ({ wire }) => {
    const [path = "", query] = wire.path.split("?");
    const segments = path.split("/");
    const filled = segments.flatMap((segment, at) => (segment === "" ? [] : [at]));
    const at = filled[index % filled.length] as number;
    if (segments[at] === text) return null;
    segments[at] = encodeURIComponent(text);
    return { ...wire, path: segments.join("/") + (query === undefined ? "" : `?${query}`) };
  });

const badByte: fc.Arbitrary<Spoiler> = fc
  .tuple(fc.nat(), fc.oneof(fc.integer({ min: 0, max: 0x20 }), fc.constant(0x7f)))
  .map(([index, code]) => ({ wire }) => {
    const at = 1 + (index % wire.path.length);
    return { ...wire, path: `${wire.path.slice(0, at)}${String.fromCharCode(code)}${wire.path.slice(at)}` };
  });

const badQuery: fc.Arbitrary<Spoiler> = fc
  .tuple(
    fc.constantFrom("size", "limit", "page", "cursor_field", "first", "deleted", "active"),
    fc.string({ maxLength: 20 }),
  )
  .map(([name, value]) => ({ route, wire }) => {
    // Only the product list and /meta read a query.
    if (route.method !== "GET" || route.onRecord || !wire.path.startsWith("/api/v1/products/")) return null;
    const valid = {
      size: /^0*([1-9]\d{0,2}|[1-4]\d{3}|5000)$/,
      limit: /^0*([1-9]\d{0,2}|[1-4]\d{3}|5000)$/,
      page: /^\d+$/,
      cursor_field: /^(updated_at|created_at)$/,
      first: /^\d/,
      deleted: /^(true|false)$/,
      active: /^(true|false)$/,
    }[name];
    const paging = name !== "deleted" && name !== "active";
    // /meta ignores paging parameters, and a value that is valid is not a spoilt request.
    if (valid?.test(value.trim()) || (paging && route.name.includes("meta"))) return null;
    return { ...wire, path: `${wire.path}?${name}=${encodeURIComponent(value)}` };
  });

const notJson = fc.string().filter((text) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
});
const badBody: fc.Arbitrary<Spoiler> = fc
  .oneof(
    notJson.map((text) => (wire: Wire) => withBody(wire, text)),
    fc
      .oneof(fc.integer(), fc.string(), fc.constant(null), fc.array(fc.jsonValue(), { maxLength: 3 }))
      .map((value) => (wire: Wire) => withBody(wire, JSON.stringify(value))),
    fc
      .constantFrom(
        "text/plain",
        "application/xml",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
      )
      .map((type) => (wire: Wire) => withBody(wire, wire.body ?? "{}", type)),
    fc
      .dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 })
      .map((value) => (wire: Wire) => (wire.method === "PUT" ? null : withBody(wire, JSON.stringify(value)))),
  )
  .map(
    (spoil) =>
      ({ wire }) =>
        wire.body === undefined ? null : spoil(wire),
  );

const badHeader: fc.Arbitrary<Spoiler> = fc
  .constantFrom<(wire: Wire) => [string, string][]>(
    (wire) => [["Host", "other.test"], ...wire.headers],
    (wire) => without(wire.headers, "host"),
    (wire) => [...wire.headers, ["Authorization", "Bearer x"], ["Authorization", "Bearer y"]],
    (wire) => [...wire.headers, ["Content-Type", "application/json"], ["Content-Type", "text/plain"]],
    (wire) => [...wire.headers, ["Bad Header", "1"]],
    (wire) => [...wire.headers, ["Expect", "200-ok"]],
    (wire) => [...wire.headers, ["X-Control", "a\u0001b"]],
    (wire) => [...wire.headers, ["X-Big", "a".repeat(20_000)]],
    (wire) => [...wire.headers, ["Transfer-Encoding", "chunked"], ["Content-Length", "0"]],
  )
  .map((spoil) => ({ wire }) => ({ ...wire, headers: spoil(wire) }));

const badMethod: fc.Arbitrary<Spoiler> = fc
  .constantFrom("PATCH", "OPTIONS", "TRACE", "PROPFIND", "BREW", "get", "G3T", "CONNECT")
  .map((method) => ({ wire }) => ({ ...wire, method }));

const spoiler = fc.oneof(badToken, badSegment, badByte, badQuery, badBody, badHeader, badMethod);

async function validWire(route: RouteCase): Promise<Wire> {
  const request = await route.prepare(own);
  const headers: [string, string][] = [["Host", new URL(service.baseUrl).host]];
  if (route.permission) headers.push(["Authorization", `Bearer ${own.admin}`]);
  const wire: Wire = { method: route.method, path: request.path, headers };
  return request.body === undefined ? wire : withBody(wire, JSON.stringify(request.body));
}

function bytesOf(wire: Wire): Buffer {
  const body = Buffer.from(wire.body ?? "");
  const lengths: [string, string][] =
    wire.body === undefined || wire.headers.some(([key]) => key.toLowerCase() === "content-length")
      ? []
      : [["Content-Length", String(body.length)]];
  const head = [...wire.headers, ...lengths, ["Connection", "close"]].map(
    ([key, value]) => `${key}: ${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(`${wire.method} ${wire.path} HTTP/1.1\r\n${head.join("")}\r\n`, "latin1"),
    body,
  ]);
}

it("answers every spoilt request on every route with a 4xx envelope", async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...allRoutes), spoiler, async (route, spoil) => {
      const spoilt = spoil({ route, wire: await validWire(route) });
      fc.pre(spoilt !== null);
      const reply = await rawRequest(service.baseUrl, bytesOf(spoilt as Wire));
      expectClientError(reply);
      expect(reply.text).not.toMatch(/node_modules|\n\s+at /);
    }),
    { numRuns: 150 },
  );
}, 180_000);
