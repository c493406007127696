// The two logins and what a token lets through: contract shapes, identical refusals, expiry, forgery.
import { describe, expect, it } from "vitest";
import { keyLoginResultSchema, organisationLoginResultSchema } from "../../src/shared/api/login.ts";
import { productsPageSchema } from "../../src/shared/api/pagination.ts";
import { expectError } from "./error-envelope.ts";
import { adminToken, call, keyToken, paths, startTestService } from "./service-harness.ts";

let now = Date.parse("2025-06-01T12:00:00.000Z");
const ttl = 600;
const service = await startTestService({ demoProducts: 5, tokenTtlSeconds: ttl, clock: () => now });
const demo = service.demo;
const orgLogin = "/api/v1/users/auth/organisation/login";
const keyLogin = "/api/v1/users/auth/key";

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
}

describe("organisation login", () => {
  it("returns the contract's login result with a token that reads products", async () => {
    const reply = await call(service, "POST", orgLogin, {
      body: { organisation: demo.organisation, username: demo.username, password: demo.password },
    });
    expect(reply.status).toBe(200);
    const result = organisationLoginResultSchema.parse(reply.json);
    expect(result).toMatchObject({ status: 200, errors: [], token_type: "Bearer" });
    expect(result.user).toEqual({ id: demo.accountId, name: demo.organisation, legacy_id: demo.legacyId });
    expect(result.sub_user).toMatchObject({
      role: "admin",
      scopes: ["admin"],
      username: demo.username,
      active: true,
    });
    expect(result.features).toEqual({ vouchers: true, inventory: true, fiscalisation: false });
    const page = await call(service, "GET", paths(service).products, { token: result.token });
    expect(productsPageSchema.parse(page.json).count).toBe(5);
  });

  it("signs a JWT whose exp is seconds, ttl after iat, and equals expires_at", async () => {
    const reply = await call(service, "POST", orgLogin, {
      body: { organisation: demo.organisation, username: demo.username, password: demo.password },
    });
    const result = organisationLoginResultSchema.parse(reply.json);
    const claims = claimsOf(result.token);
    expect(claims).toMatchObject({
      aud: demo.accountId,
      legacy_id: demo.legacyId,
      role: "admin",
      scopes: ["admin"],
    });
    expect(claims.iat).toBe(Math.floor(now / 1000));
    expect(claims.exp).toBe(Math.floor(now / 1000) + ttl);
    expect(Date.parse(result.expires_at)).toBe((claims.exp as number) * 1000);
    expect(JSON.parse(Buffer.from(result.token.split(".")[0] ?? "", "base64url").toString())).toEqual({
      alg: "HS256",
      typ: "JWT",
    });
  });

  it("answers every wrong credential with the same 401 body", async () => {
    const right = { organisation: demo.organisation, username: demo.username, password: demo.password };
    const attempts = [
      { ...right, organisation: "No Such Store" },
      { ...right, username: "nobody@demo-store.example" },
      { ...right, password: "wrong-password" },
    ];
    const bodies = [];
    for (const body of attempts) {
      const reply = await call(service, "POST", orgLogin, { body });
      const { request, ...rest } = expectError(reply, 401);
      expect(request.host).toBe(new URL(service.baseUrl).host);
      bodies.push(rest);
    }
    const keyReplies = [
      await call(service, "POST", keyLogin, { body: { id: demo.accountId, api_key: crypto.randomUUID() } }),
      await call(service, "POST", keyLogin, { body: { id: crypto.randomUUID(), api_key: demo.apiKey } }),
    ];
    for (const reply of keyReplies) {
      const { request: _, ...rest } = expectError(reply, 401);
      bodies.push(rest);
    }
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it("refuses a body that is not a login request with 400", async () => {
    expectError(await call(service, "POST", orgLogin, { body: { organisation: demo.organisation } }), 400);
    expectError(await call(service, "POST", orgLogin, { body: [1, 2] }), 400);
    expectError(await call(service, "POST", keyLogin, { body: { id: demo.accountId } }), 400);
  });
});

describe("API key login", () => {
  it("returns the full service-account record, no errors and no features, by account id or legacy id", async () => {
    for (const id of [demo.accountId, demo.legacyId]) {
      const reply = await call(service, "POST", keyLogin, { body: { id, api_key: demo.apiKey } });
      expect(reply.status).toBe(200);
      const result = keyLoginResultSchema.parse(reply.json);
      expect(result.sub_user).toMatchObject({ role: "serviceaccount", api_key: demo.apiKey, deleted: false });
      expect(result.sub_user.configuration_id).toBe(demo.configurationId);
      expect(reply.json).not.toHaveProperty("errors");
      expect(reply.json).not.toHaveProperty("features");
      expect(claimsOf(result.token)).toMatchObject({ role: "serviceaccount", aud: demo.accountId });
    }
  });
});

describe("bearer tokens", () => {
  it("works with the account's UUID and its legacy id in the path", async () => {
    const token = await keyToken(service);
    for (const account of [demo.accountId, demo.legacyId]) {
      expect((await call(service, "GET", paths(service, account).products, { token })).status).toBe(200);
    }
  });

  it("refuses a missing, malformed, forged or scheme-less token with 401", async () => {
    const token = await adminToken(service);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const forgedClaims = Buffer.from(
      JSON.stringify({ ...claimsOf(token), scopes: ["admin"], exp: 9e9 }),
    ).toString("base64url");
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    // One signature character changed for one that surely differs (a fixed suffix can match by chance).
    const tampered = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: token },
      { authorization: `Basic ${token}` },
      { authorization: "Bearer " },
      { authorization: "Bearer not-a-token" },
      { authorization: `Bearer ${header}.${forgedClaims}.${signature}` },
      { authorization: `Bearer ${none}.${payload}.` },
      { authorization: `Bearer ${header}.${payload}.${tampered}` },
    ];
    for (const headers of headerSets) {
      expectError(await call(service, "GET", paths(service).products, { headers }), 401);
    }
  });

  it("accepts the scheme name in any case", async () => {
    const token = await adminToken(service);
    for (const scheme of ["Bearer", "bearer", "BEARER", "bEaReR"]) {
      const headers = { authorization: `${scheme} ${token}` };
      expect((await call(service, "GET", paths(service).products, { headers })).status).toBe(200);
    }
  });

  it("stops working once expired, by the injected clock", async () => {
    const token = await adminToken(service);
    now += (ttl - 1) * 1000;
    expect((await call(service, "GET", paths(service).products, { token })).status).toBe(200);
    now += 1000;
    expectError(await call(service, "GET", paths(service).products, { token }), 401);
  });

  it("is refused with 403 on another account's path", async () => {
    const token = await adminToken(service);
    const otherAccount = crypto.randomUUID();
    expectError(await call(service, "GET", paths(service, otherAccount).products, { token }), 403);
    expectError(await call(service, "GET", paths(service, otherAccount).meta, { token }), 403);
  });
});
