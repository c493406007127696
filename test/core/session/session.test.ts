// The session against the reference service over loopback, with one injected clock shared by the
// service (token expiry) and the session (when to renew), and the real file stores in a temp dir.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CommerceClient, createCommerceClient } from "../../../src/core/api/commerce-client.ts";
import { createServiceTime } from "../../../src/core/session/service-time.ts";
import { createSession, type Session } from "../../../src/core/session/session.ts";
import { createFileSecretStore } from "../../../src/core/storage/file-secret-store.ts";
import { createJsonFileStore } from "../../../src/core/storage/json-file-store.ts";
import type { SecretStore } from "../../../src/core/storage/secret-store.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { AppError } from "../../../src/shared/app-error.ts";
import { sessionInfoSchema } from "../../../src/shared/catalog/session-info.ts";
import { envelope } from "../api/contract-fixtures.ts";
import { type RecordingFetch, recordingFetch } from "../api/recording-fetch.ts";
import { startScriptedServer } from "../api/scripted-server.ts";

const hour = 3_600_000;
let now = Date.parse("2030-06-01T08:00:00.000Z");
let service: RunningService;
/** The demo service account's key; the revocation test issues a new one. */
let demoApiKey: string;
let dir: string;
let recorder: RecordingFetch;
/** Everything a test saw come out of the session, searched for secrets at the end. */
let exposed: unknown[];

beforeAll(async () => {
  service = await startService({
    port: 0,
    demoProducts: 12,
    seed: 3,
    tokenTtlSeconds: 3600,
    clock: () => now,
  });
  demoApiKey = service.demo.apiKey;
});
afterAll(() => service.close());

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "session-"));
  recorder = recordingFetch();
  exposed = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function secretStore(): SecretStore {
  return createFileSecretStore(join(dir, "secrets", "secrets.json"));
}

/** A session over this test's files: a second call is the app after a restart. */
function openSession(): Session {
  return createSession({
    records: createJsonFileStore(join(dir, "session.json"), sessionInfoSchema),
    secrets: secretStore(),
    createClient: (baseUrl) =>
      createCommerceClient({ baseUrl, fetch: recorder.fetch, sleep: async () => {} }),
    time: createServiceTime(() => now),
  });
}

const logins = () => recorder.count("/auth/");
const liveTotal = (session: Session) =>
  session.authorised((auth, client) => client.productsTotal(auth, { deleted: false }));

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  exposed.push(error);
  return error as AppError;
}

function signInAdmin(session: Session, remember: boolean) {
  const { baseUrl, organisation, username, password } = service.demo;
  return session.signInOrganisation({ baseUrl, organisation, username, password, remember });
}

describe("signing in", () => {
  it("keeps who, where and until when, addressed by the legacy id", async () => {
    const session = openSession();
    const info = await signInAdmin(session, true);
    expect(info).toMatchObject({
      method: "organisation",
      baseUrl: service.baseUrl,
      organisation: service.demo.organisation,
      username: service.demo.username,
      account: {
        id: service.demo.accountId,
        legacyId: service.demo.legacyId,
        name: service.demo.organisation,
      },
      subUser: { role: "admin", username: service.demo.username },
      features: { vouchers: true, inventory: true, fiscalisation: false },
      expiresAt: new Date(now + hour).toISOString(),
      remembered: true,
      warnings: [],
    });
    expect(await session.info()).toEqual(info);
    expect(await session.authorised(async (auth) => auth.account)).toBe(service.demo.legacyId);
  });

  it("signs in by API key", async () => {
    const session = openSession();
    const info = await session.signInApiKey({
      baseUrl: service.baseUrl,
      accountId: service.demo.accountId,
      apiKey: demoApiKey,
      remember: false,
    });
    expect(info).toMatchObject({
      method: "api-key",
      accountId: service.demo.accountId,
      subUser: { role: "serviceaccount" },
    });
    expect(info.features).toBeNull();
    expect(await liveTotal(session)).toBeGreaterThan(0);
  });

  it("carries a login's warnings and reads features sent as a JSON string", async () => {
    const server = await startScriptedServer([
      {
        status: 200,
        body: envelope({
          errors: [
            { id: "password_expiring", label: "The password expires in 3 days.", errorDetails: { days: 3 } },
          ],
          user: { id: "acct-1", name: "Corner Shop", legacy_id: null },
          token: "scripted.token.value",
          token_type: "Bearer",
          sub_user: { id: "user-1", role: "staff", username: "ann@corner.example" },
          features: '{"vouchers":false,"inventory":true}',
          expires_at: new Date(now + hour).toISOString(),
        }),
      },
    ]);
    try {
      const info = await openSession().signInOrganisation({
        baseUrl: server.baseUrl,
        organisation: "Corner Shop",
        username: "ann@corner.example",
        password: "ann-password",
        remember: false,
      });
      expect(info.warnings).toEqual([{ id: "password_expiring", label: "The password expires in 3 days." }]);
      expect(info.features).toEqual({ vouchers: false, inventory: true });
      expect(info.account).toEqual({ id: "acct-1", legacyId: null, name: "Corner Shop" });
    } finally {
      await server.close();
    }
  });

  it("leaves nobody signed in after a refused sign-in", async () => {
    const session = openSession();
    const error = await failure(
      session.signInOrganisation({ ...service.demo, password: "not-the-password", remember: true }),
    );
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toBe("The organisation, username or password is not right.");
    expect(await session.info()).toBeNull();
    expect((await failure(liveTotal(session))).kind).toBe("sign-in-required");
  });

  it("signs out: token, credentials and facts forgotten", async () => {
    const session = openSession();
    await signInAdmin(session, true);
    await session.signOut();
    expect(await session.info()).toBeNull();
    expect(await secretStore().get("commerce.token")).toBeNull();
    expect(await secretStore().get("commerce.credential")).toBeNull();
    const error = await failure(liveTotal(openSession()));
    expect(error.kind).toBe("sign-in-required");
  });
});

describe("reusing and renewing the token", () => {
  it("reuses the stored token after a restart without logging in", async () => {
    await signInAdmin(openSession(), false);
    expect(logins()).toBe(1);
    now += 30 * 60_000;
    const restarted = openSession();
    expect(await liveTotal(restarted)).toBeGreaterThan(0);
    expect(await liveTotal(restarted)).toBeGreaterThan(0);
    expect(logins()).toBe(1);
  });

  it("logs in again with remembered credentials once the token has expired", async () => {
    const first = await signInAdmin(openSession(), true);
    now = Date.parse(first.expiresAt) + 1;
    const restarted = openSession();
    const [a, b] = await Promise.all([liveTotal(restarted), liveTotal(restarted)]);
    expect(a).toBe(b);
    // The two calls shared one renewal.
    expect(logins()).toBe(2);
    expect(Date.parse((await restarted.info())?.expiresAt ?? "")).toBe(now - 1 + hour);
  });

  it("renews a minute before expiry, so a token cannot lapse mid-request", async () => {
    const first = await signInAdmin(openSession(), true);
    now = Date.parse(first.expiresAt) - 30_000;
    await liveTotal(openSession());
    expect(logins()).toBe(2);
  });

  it("asks to sign in again when the token has expired and nothing was remembered", async () => {
    const first = await signInAdmin(openSession(), false);
    now = Date.parse(first.expiresAt) + 1;
    const error = await failure(liveTotal(openSession()));
    expect(error.kind).toBe("sign-in-required");
    expect(error.message).toBe("Your session has ended. Sign in again.");
    expect(logins()).toBe(1);
    expect(await secretStore().get("commerce.token")).toBeNull();
  });

  it("answers a 401 mid-work with one new login and one retry of the work", async () => {
    const session = openSession();
    await signInAdmin(session, true);
    // The service no longer knows this token (as after a key rotation on its side).
    await secretStore().set("commerce.token", "revoked.by.service");
    let tries = 0;
    const total = await session.authorised((auth, client) => {
      tries++;
      return client.productsTotal(auth, { deleted: false });
    });
    expect(total).toBeGreaterThan(0);
    expect(tries).toBe(2);
    expect(logins()).toBe(2);
  });

  it("gives up with a clear error when the work is refused even after a new login", async () => {
    const session = openSession();
    await signInAdmin(session, true);
    let tries = 0;
    const error = await failure(
      session.authorised((auth, client) => {
        tries++;
        return client.productsTotal({ ...auth, token: "never.valid.token" }, { deleted: false });
      }),
    );
    expect(error.kind).toBe("sign-in-required");
    expect(error.message).toContain("Sign in again");
    expect(tries).toBe(2);
    expect(logins()).toBe(2);
  });

  it("asks to sign in again on a 401 when nothing was remembered", async () => {
    const session = openSession();
    await signInAdmin(session, false);
    await secretStore().set("commerce.token", "revoked.by.service");
    const error = await failure(liveTotal(session));
    expect(error.kind).toBe("sign-in-required");
    expect(logins()).toBe(1);
  });

  it("drops the token and says so when the remembered API key has been revoked", async () => {
    const adminClient: CommerceClient = createCommerceClient({ baseUrl: service.baseUrl });
    const { organisation, username, password } = service.demo;
    const admin = await adminClient.loginOrganisation({ organisation, username, password });
    const session = openSession();
    const info = await session.signInApiKey({
      baseUrl: service.baseUrl,
      accountId: service.demo.accountId,
      apiKey: demoApiKey,
      remember: true,
    });
    const keyPath = `/api/v0/configurations/${service.demo.accountId}/${service.demo.configurationId}/users/${info.subUser.id}/api/key`;
    const revoke = await fetch(`${service.baseUrl}${keyPath}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(revoke.status).toBe(200);
    try {
      const error = await failure(liveTotal(session));
      expect(error.kind).toBe("sign-in-required");
      expect(error.message).toBe(
        "The commerce service no longer accepts the stored API key; it may have been revoked. Sign in again with a valid key.",
      );
      expect(await secretStore().get("commerce.token")).toBeNull();
      exposed.push(await session.info());
      expectNoSecret([demoApiKey]);
    } finally {
      // Give the demo service account its key back for the other tests: a fresh one, read from the answer.
      const issued = await fetch(`${service.baseUrl}${keyPath}`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin.token}` },
      });
      const body = (await issued.json()) as { results: [{ api_key: string }] };
      demoApiKey = body.results[0].api_key;
    }
  });
});

describe("secrets", () => {
  it("never shows the password, API key or token in info, errors or the settings file", async () => {
    const session = openSession();
    const info = await signInAdmin(session, true);
    const token = (await secretStore().get("commerce.token")) ?? "";
    expect(token).not.toBe("");
    exposed.push(info, await session.info(), await readFile(join(dir, "session.json"), "utf8"));
    await failure(
      session.signInOrganisation({ ...service.demo, password: `${service.demo.password}x`, remember: true }),
    );
    await failure(
      session.authorised((auth, client) =>
        client.fetchProductsPage(
          { ...auth, account: "00000000-0000-4000-8000-000000000000" },
          { page: 0, size: 1, deleted: false },
        ),
      ),
    );
    await failure(
      session.authorised((auth, client) =>
        client.productsTotal({ ...auth, account: "someone-else" }, { deleted: true }),
      ),
    );
    await failure(
      session.signInApiKey({
        baseUrl: service.baseUrl,
        accountId: service.demo.accountId,
        apiKey: "0f".repeat(16),
        remember: true,
      }),
    );
    now += 2 * hour;
    await secretStore().delete("commerce.credential");
    await failure(liveTotal(session));
    expectNoSecret([service.demo.password, `${service.demo.password}x`, demoApiKey, "0f".repeat(16), token]);
  });

  it("keeps the secrets only in the secret store, readable by the owner alone", async () => {
    await signInAdmin(openSession(), true);
    expect(await secretStore().get("commerce.credential")).toBe(service.demo.password);
    const settings = await readFile(join(dir, "session.json"), "utf8");
    expect(settings).not.toContain(service.demo.password);
  });
});

function expectNoSecret(secrets: string[]): void {
  expect(exposed.length).toBeGreaterThan(0);
  for (const item of exposed) {
    const shown = [
      JSON.stringify(item),
      inspect(item, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
      item instanceof Error ? `${item.message}\n${item.stack}\n${String(item.cause)}` : "",
    ].join("\n");
    for (const secret of secrets) expect(shown).not.toContain(secret);
  }
}
