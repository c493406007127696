// Sub-users: creation as the spec describes, and beyond it list, delete, API keys, and scopes enforcement.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { envelopeSchema } from "../../src/shared/api/common.ts";
import { organisationLoginResultSchema } from "../../src/shared/api/login.ts";
import { productsPageSchema } from "../../src/shared/api/pagination.ts";
import { type SubUser, subUserSchema } from "../../src/shared/api/sub-user.ts";
import { expectError } from "./error-envelope.ts";
import { rawRequest } from "./raw-http.ts";
import { adminToken, call, keyToken, paths, startTestService } from "./service-harness.ts";

const service = await startTestService({ demoProducts: 3 });
const path = paths(service);
const admin = await adminToken(service);
const usersReplySchema = envelopeSchema.extend({ count: z.number().int(), results: z.array(subUserSchema) });

let counter = 0;
function newUserBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const email = `clerk${counter}@demo-store.example`;
  return {
    user: { id: null, email },
    description: "Till clerk",
    active: true,
    user_id: null,
    scopes: ["products:read"],
    username: email,
    secret: "s3cret-pass",
    locations: null,
    firstname: "Till",
    lastname: `Clerk ${counter}`,
    ...overrides,
  };
}

/** A valid address of exactly `length` characters: no domain label over 63. */
function emailOfLength(length: number): string {
  const domainLength = length - "@.test".length - 64;
  const domain = Array.from({ length: domainLength }, (_, index) => (index % 51 === 50 ? "." : "b")).join("");
  const email = `${"a".repeat(64)}@${domain}.test`;
  expect(email).toHaveLength(length);
  return email;
}

async function createUser(overrides: Record<string, unknown> = {}, token = admin): Promise<SubUser> {
  const reply = await call(service, "POST", path.users, { token, body: newUserBody(overrides) });
  expect(reply.status, reply.text).toBe(200);
  const body = usersReplySchema.parse(reply.json);
  expect(body).toMatchObject({ status: 200, msg: "Sub-user added.", count: 1 });
  return body.results[0] as SubUser;
}

async function login(username: string, password = "s3cret-pass"): Promise<string> {
  const reply = await call(service, "POST", "/api/v1/users/auth/organisation/login", {
    body: { organisation: service.demo.organisation, username, password },
  });
  return organisationLoginResultSchema.parse(reply.json).token;
}

describe("creating a sub-user", () => {
  it("returns the record as the spec describes, without the secret", async () => {
    const body = newUserBody({ active: false });
    const reply = await call(service, "POST", path.users, { token: admin, body });
    const record = usersReplySchema.parse(reply.json).results[0];
    expect(record).toMatchObject({
      configuration_id: service.demo.configurationId,
      blocked: false,
      deleted: false,
      active: false,
      username: body.username,
      user: { id: null, email: body.user.email },
      firstname: "Till",
      scopes: ["products:read"],
      api_key: null,
    });
    expect(reply.text).not.toContain("s3cret-pass");
    expect(reply.text).not.toContain("scrypt");
  });

  it("refuses a duplicate username in the organisation with 409", async () => {
    const user = await createUser();
    const again = newUserBody({ username: user.username, user: { id: null, email: user.username } });
    expectError(await call(service, "POST", path.users, { token: admin, body: again }), 409);
  });

  it("refuses bodies outside the field limits with 400 and the issues", async () => {
    const longEmail = emailOfLength(255);
    const invalid = [
      newUserBody({ secret: "1234" }),
      newUserBody({ secret: "x".repeat(129) }),
      newUserBody({ username: "not-an-email" }),
      newUserBody({ username: `${"x".repeat(900_000)}@demo-store.example` }),
      newUserBody({ username: longEmail }),
      newUserBody({ user: { id: null, email: longEmail } }),
      newUserBody({ firstname: "x".repeat(33) }),
      newUserBody({ firstname: "   " }),
      newUserBody({ lastname: "x".repeat(33) }),
      newUserBody({ description: "x".repeat(33) }),
      newUserBody({ description: "" }),
      newUserBody({ locations: Array.from({ length: 101 }, (_, index) => `location-${index}`) }),
      newUserBody({ locations: ["x".repeat(129)] }),
      newUserBody({ scopes: Array.from({ length: 33 }, () => "products:read") }),
      newUserBody({ scopes: ["not-a-scope"] }),
      newUserBody({ active: "yes" }),
    ];
    for (const body of invalid) {
      const error = expectError(await call(service, "POST", path.users, { token: admin, body }), 400);
      expect(error.errors[0]?.errorDetails).toBeDefined();
      expect(error.errors.length).toBeLessThan(5);
    }
    const atTheLimits = newUserBody({
      username: emailOfLength(254),
      description: "d".repeat(32),
      firstname: "f".repeat(32),
      lastname: "l".repeat(32),
      secret: "s".repeat(128),
      locations: Array.from({ length: 100 }, () => "l".repeat(128)),
    });
    expect((await call(service, "POST", path.users, { token: admin, body: atTheLimits })).status).toBe(200);
  });

  it("answers 404 for a configuration that is not the account's", async () => {
    const wrong = `/api/v0/configurations/${service.demo.accountId}/${crypto.randomUUID()}/users`;
    expectError(await call(service, "POST", wrong, { token: admin, body: newUserBody() }), 404);
  });

  it("lets the new sub-user log in, with the scopes it was given", async () => {
    const user = await createUser({ scopes: ["products:read", "users:read"] });
    const token = await login(user.username as string);
    expect((await call(service, "GET", path.products, { token })).status).toBe(200);
    expect((await call(service, "GET", path.users, { token })).status).toBe(200);
    expectError(await call(service, "POST", path.users, { token, body: newUserBody() }), 403);
    expectError(
      await call(service, "POST", path.products, { token, body: { name: "x", tax: "t", type: "product" } }),
      403,
    );
  });

  it("refuses an inactive sub-user's login", async () => {
    const user = await createUser({ active: false });
    const reply = await call(service, "POST", "/api/v1/users/auth/organisation/login", {
      body: { organisation: service.demo.organisation, username: user.username, password: "s3cret-pass" },
    });
    expectError(reply, 401);
  });
});

describe("roles", () => {
  it("keeps a real role given on create, and says so again in the list", async () => {
    const user = await createUser({ role: "staff" });
    expect(user.role).toBe("staff");
    const listed = usersReplySchema.parse((await call(service, "GET", path.users, { token: admin })).json);
    expect(listed.results.find((item) => item.id === user.id)?.role).toBe("staff");
    expect((await createUser()).role).toBeNull();
  });

  it("refuses a role the service does not know with 400, naming the roles it knows", async () => {
    const reply = await call(service, "POST", path.users, {
      token: admin,
      body: newUserBody({ role: "boss" }),
    });
    expect(JSON.stringify(expectError(reply, 400))).toContain("must be one of admin, manager");
  });
});

describe("scopes", () => {
  it("accepts account-prefixed scopes for this account only", async () => {
    const prefixed = await createUser({ scopes: [`${service.demo.accountId}:products:read`] });
    const foreign = await createUser({ scopes: [`${crypto.randomUUID()}:products:read`] });
    const prefixedToken = await login(prefixed.username as string);
    const foreignToken = await login(foreign.username as string);
    expect((await call(service, "GET", path.products, { token: prefixedToken })).status).toBe(200);
    expectError(await call(service, "GET", path.products, { token: foreignToken }), 403);
  });

  it("gives a sub-user created without scopes read access to the catalog only", async () => {
    const user = await createUser({ scopes: null });
    const token = await login(user.username as string);
    expect((await call(service, "GET", path.meta, { token })).status).toBe(200);
    expectError(await call(service, "GET", path.users, { token }), 403);
  });

  it("does not let a sub-user grant scopes it does not hold", async () => {
    const manager = await createUser({ scopes: ["users:create", "products:read"] });
    const token = await login(manager.username as string);
    expectError(
      await call(service, "POST", path.users, { token, body: newUserBody({ scopes: ["admin"] }) }),
      403,
    );
    const clerk = await createUser({ scopes: ["products:read:one"] }, token);
    expect(clerk.scopes).toEqual(["products:read:one"]);
  });
});

describe("listing and deleting sub-users", () => {
  it("lists live sub-users and stops listing, logging in and honouring tokens of a deleted one", async () => {
    const user = await createUser();
    const token = await login(user.username as string);
    const listed = usersReplySchema.parse((await call(service, "GET", path.users, { token: admin })).json);
    expect(listed.results.map((record) => record.id)).toContain(user.id);
    expect(listed.count).toBe(listed.results.length);

    const deleted = await call(service, "DELETE", path.user(user.id), { token: admin });
    expect(usersReplySchema.parse(deleted.json).results[0]).toMatchObject({ id: user.id, deleted: true });

    const after = usersReplySchema.parse((await call(service, "GET", path.users, { token: admin })).json);
    expect(after.results.map((record) => record.id)).not.toContain(user.id);
    expectError(await call(service, "GET", path.products, { token }), 401);
    await expect(login(user.username as string)).rejects.toThrow();
    expectError(await call(service, "DELETE", path.user(user.id), { token: admin }), 404);
  });
});

describe("API keys", () => {
  it("issues a key that logs in, and revoking it voids the key and its tokens", async () => {
    const user = await createUser({ scopes: ["products:read"] });
    const issued = await call(service, "POST", path.apiKey(user.id), { token: admin });
    const record = usersReplySchema.parse(issued.json).results[0];
    expect(record?.api_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const token = await keyToken(service, record?.api_key as string);
    expect(productsPageSchema.parse((await call(service, "GET", path.products, { token })).json).status).toBe(
      200,
    );

    const revoked = await call(service, "DELETE", path.apiKey(user.id), { token: admin });
    expect(usersReplySchema.parse(revoked.json).results[0]?.api_key).toBeNull();
    await expect(keyToken(service, record?.api_key as string)).rejects.toThrow(/401/);
    expectError(await call(service, "GET", path.products, { token }), 401);
    expectError(await call(service, "DELETE", path.apiKey(user.id), { token: admin }), 404);
  });

  it("voids tokens of a replaced key, while the password login of the same user keeps working", async () => {
    const user = await createUser();
    const first = usersReplySchema.parse(
      (await call(service, "POST", path.apiKey(user.id), { token: admin })).json,
    );
    const keyBased = await keyToken(service, first.results[0]?.api_key as string);
    await call(service, "POST", path.apiKey(user.id), { token: admin });
    expectError(await call(service, "GET", path.products, { token: keyBased }), 401);
    const passwordBased = await login(user.username as string);
    expect((await call(service, "GET", path.products, { token: passwordBased })).status).toBe(200);
  });

  it("issues a key for a POST with no body sent as a form, as the official SDK sends it", async () => {
    const user = await createUser();
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const empty = await call(service, "POST", path.apiKey(user.id), {
      token: admin,
      rawBody: "",
      headers: form,
    });
    expect(empty.status, empty.text).toBe(200);
    expect(usersReplySchema.parse(empty.json).results[0]?.api_key).toMatch(/^[0-9a-f-]{36}$/);
    const { host } = new URL(service.baseUrl);
    const bare = await rawRequest(
      service.baseUrl,
      `POST ${path.apiKey(user.id)} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${admin}\r\nContent-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n`,
    );
    expect(bare.status, bare.text).toBe(200);
    expect(usersReplySchema.parse(bare.json).results[0]?.api_key).toMatch(/^[0-9a-f-]{36}$/);
    // A body that is there and is not JSON is still refused.
    const formBody = { token: admin, rawBody: "a=1", headers: form };
    expectError(await call(service, "POST", path.apiKey(user.id), formBody), 415);
  });

  it("needs the users:api_key scope", async () => {
    const token = await keyToken(service);
    expectError(await call(service, "POST", path.apiKey(crypto.randomUUID()), { token }), 403);
  });
});
