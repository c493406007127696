// The handler layer on its own: sender check, argument parsing, error values and the outgoing parse.
// The service behind it is a recording stand-in here; test/core/ipc/catalog-handlers.test.ts drives
// the real service.
import { describe, expect, it } from "vitest";
import { type CatalogServiceMethods, createCatalogHandlers } from "../../../src/core/ipc/catalog-handlers.ts";
import { trustedSender } from "../../../src/core/ipc/trusted-sender.ts";
import { AppError } from "../../../src/shared/app-error.ts";
import { catalogMethods } from "../../../src/shared/ipc/catalog-channels.ts";

const appUrl = "http://127.0.0.1:4000/";

function recordingService(overrides: Partial<CatalogServiceMethods> = {}) {
  const calls: { method: string; argument: unknown }[] = [];
  const service = new Proxy({} as CatalogServiceMethods, {
    get(_target, method: string) {
      const override = overrides[method as keyof CatalogServiceMethods];
      return async (argument: unknown) => {
        calls.push({ method, argument });
        if (override) return (override as (argument: unknown) => Promise<unknown>)(argument);
        throw new Error(`unexpected call ${method}`);
      };
    },
  });
  return { service, calls };
}

describe("createCatalogHandlers", () => {
  it("has exactly one handler per contract method", () => {
    const { service } = recordingService();
    const handlers = createCatalogHandlers(service, { isTrustedSender: trustedSender(appUrl) });
    expect(Object.keys(handlers).sort()).toEqual([...catalogMethods].sort());
  });

  it("refuses a foreign sender before parsing or calling anything", async () => {
    const { service, calls } = recordingService();
    const handlers = createCatalogHandlers(service, { isTrustedSender: trustedSender(appUrl) });
    for (const method of catalogMethods) {
      const answer = await handlers[method](undefined, "https://evil.example/");
      expect(answer).toMatchObject({ ok: false, error: { kind: "forbidden-sender" } });
    }
    expect(calls).toEqual([]);
  });

  it("refuses an invalid argument in plain words without echoing it, and calls nothing", async () => {
    const { service, calls } = recordingService();
    const handlers = createCatalogHandlers(service, { isTrustedSender: trustedSender(appUrl) });
    const answer = await handlers.signInOrganisation(
      { baseUrl: "ftp://x", organisation: "o", username: "u", password: "hunter2-secret", remember: "yes" },
      appUrl,
    );
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.kind).toBe("invalid-argument");
    expect(answer.error.message).toMatch(/baseUrl/);
    expect(answer.error.message).toMatch(/remember/);
    expect(answer.error.message).not.toContain("hunter2-secret");
    expect(calls).toEqual([]);
  });

  it("turns an AppError into { kind, message } and any other fault into an internal error", async () => {
    const faults: unknown[] = [];
    const { service } = recordingService({
      lookup: async () => {
        throw new AppError("storage", "The catalog file is damaged.");
      },
      search: async () => {
        throw new Error("SQLITE_IOERR at /secret/path");
      },
    });
    const handlers = createCatalogHandlers(service, {
      isTrustedSender: trustedSender(appUrl),
      onFault: (_method, error) => faults.push(error),
    });
    expect(await handlers.lookup({ code: "123" }, appUrl)).toEqual({
      ok: false,
      error: { kind: "storage", message: "The catalog file is damaged." },
    });
    const internal = await handlers.search({ text: "x" }, appUrl);
    expect(internal).toMatchObject({ ok: false, error: { kind: "internal" } });
    expect(JSON.stringify(internal)).not.toContain("SQLITE_IOERR");
    expect(faults).toHaveLength(1);
  });

  it("lets only the contract's fields out", async () => {
    const { service } = recordingService({
      cancelSync: async () => false,
      sessionInfo: async () =>
        ({
          method: "api-key",
          accountId: "a1",
          baseUrl: "http://127.0.0.1:1/",
          account: { id: "a1", legacyId: null, name: null },
          subUser: { id: "s", role: null, username: null },
          features: null,
          expiresAt: "2030-01-01T00:00:00.000Z",
          remembered: false,
          warnings: [],
          token: "tok-secret",
        }) as never,
    });
    const handlers = createCatalogHandlers(service, { isTrustedSender: trustedSender(appUrl) });
    const info = await handlers.sessionInfo(undefined, appUrl);
    expect(info.ok).toBe(true);
    expect(JSON.stringify(info)).not.toContain("tok-secret");
    expect(await handlers.cancelSync(null, appUrl)).toEqual({ ok: true, value: false });
  });
});
