// Selling is never blocked by the session: after signing out, or when the session ended, the last
// catalog still answers; status tells the three states apart; a refused sync claims nothing; the
// service's address can change without signing in again or losing the catalog.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { catalogFileFor } from "../../src/core/catalog/catalog-store.ts";
import { type RunningService, startService } from "../../src/server/service.ts";
import { isAppError } from "../../src/shared/app-error.ts";
import { openTestCore, signInDemo, tempDir } from "../support/service-fixtures.ts";
import { closedPortUrl } from "./api/scripted-server.ts";

let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;
let sample: string;
/** The service's clock and the till's, which a test moves on together. */
let elapsedMs = 0;
const clock = () => Date.now() + elapsedMs;
/** Both clocks thirteen hours on, past the service's 12 h tokens (the service judges them too). */
function later(): () => number {
  elapsedMs = 13 * 3_600_000;
  return clock;
}

beforeAll(async () => {
  service = await startService({ port: 0, demoProducts: 120, seed: 5, clock });
});
afterAll(() => service.close());
beforeEach(async () => {
  elapsedMs = 0;
  dir = await tempDir();
  const { core, session } = openTestCore(dir.path);
  await signInDemo(session, service);
  await core.sync();
  sample = (await core.search("a", 1))[0]?.barcode ?? "";
  await core.close();
  return () => dir.remove();
});

async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error,
  );
}

describe("signing out", () => {
  it("keeps the catalog readable and says it is signed out and not syncing", async () => {
    const { core } = openTestCore(dir.path);
    await core.signOut();
    expect((await core.lookup(sample)).match?.product.barcode).toBe(sample);
    expect((await core.search("a", 5)).length).toBeGreaterThan(0);
    const status = await core.status();
    expect(status).toMatchObject({ session: "signed-out", signedIn: false, tokenExpiresAt: null });
    expect(status.account?.name).toBe("Demo Store");
    expect(status.products).toBeGreaterThan(0);
    const refused = await failure(core.sync());
    expect(isAppError(refused, "sign-in-required")).toBe(true);
    expect((refused as Error).message).toContain("stays readable");
    expect((await core.status()).syncUnfinished).toBe(false);
    await core.close();
  });

  it("removes the catalog from the disk when asked to forget it", async () => {
    const { core, session } = openTestCore(dir.path);
    const account = (await session.info())?.account.id as string;
    await core.signOut({ forgetCatalog: true });
    expect(existsSync(catalogFileFor(dir.path, account))).toBe(false);
    expect((await core.status()).session).toBe("signed-out");
    const refused = await failure(core.lookup(sample));
    expect((refused as Error).message).toBe(
      "There is no catalog on this till yet. Sign in once to download it.",
    );
    await core.close();
  });

  it("signs in again to the same catalog", async () => {
    const { core, session } = openTestCore(dir.path);
    await core.signOut();
    await signInDemo(session, service);
    expect((await core.status()).session).toBe("signed-in");
    await core.sync();
    await core.close();
  });
});

describe("a session that ended", () => {
  it("is told apart from signed in, and the catalog still answers", async () => {
    const { core } = openTestCore(dir.path, later());
    const status = await core.status();
    expect(status).toMatchObject({ session: "session-expired", signedIn: false });
    expect(status.tokenExpiresAt).not.toBeNull();
    expect((await core.lookup(sample)).match).not.toBeNull();
    await core.close();
  });

  it("counts as signed in when stored credentials renew it unattended", async () => {
    const first = openTestCore(dir.path);
    await signInDemo(first.session, service, true);
    await first.core.close();
    const { core } = openTestCore(dir.path, later());
    expect((await core.status()).session).toBe("signed-in");
    await core.close();
  });

  it("refuses a sync without leaving a claim that a sync stopped part-way", async () => {
    const { core } = openTestCore(dir.path, later());
    const before = await core.status();
    const refused = await failure(core.sync());
    expect(isAppError(refused, "sign-in-required")).toBe(true);
    const after = await core.status();
    expect(after.syncUnfinished).toBe(false);
    expect(after.lastSyncAt).toBe(before.lastSyncAt);
    await core.close();
  });
});

describe("signing in", () => {
  it("refuses an empty password before asking the service", async () => {
    const fresh = await tempDir();
    const { session, core } = openTestCore(fresh.path);
    const { organisation, username } = service.demo;
    const refused = await failure(
      session.signInOrganisation({
        baseUrl: service.baseUrl,
        organisation,
        username,
        password: "",
        remember: false,
      }),
    );
    expect(isAppError(refused, "invalid-input")).toBe(true);
    expect((refused as Error).message).toBe("The password cannot be empty. Type it to sign in.");
    const keyRefused = await failure(
      session.signInApiKey({ baseUrl: service.baseUrl, accountId: "x", apiKey: "  ", remember: false }),
    );
    expect((keyRefused as Error).message).toBe("The API key cannot be empty. Type it to sign in.");
    await core.close();
    await fresh.remove();
  });
});

describe("a service that moved", () => {
  it("is followed by changing the address, keeping the sign-in and the catalog", async () => {
    const dbDir = await tempDir();
    const database = join(dbDir.path, "service.sqlite");
    const first = await startService({ port: 0, database, demoProducts: 60, seed: 9 });
    const data = await tempDir();
    const { core, session } = openTestCore(data.path);
    await signInDemo(session, first);
    await core.sync();
    const products = (await core.status()).products;
    await first.close();
    const moved = await startService({ port: 0, database });
    const info = await session.moveTo(moved.baseUrl);
    expect(info.baseUrl).toBe(moved.baseUrl);
    expect((await session.info())?.baseUrl).toBe(moved.baseUrl);
    expect((await core.sync()).products).toBe(products);
    expect((await core.status()).session).toBe("signed-in");
    await core.close();
    await moved.close();
    await data.remove();
    await dbDir.remove();
  });

  it("keeps the old address when nothing answers at the new one", async () => {
    const { core, session } = openTestCore(dir.path);
    const before = (await session.info())?.baseUrl;
    const refused = await failure(session.moveTo(await closedPortUrl()));
    expect(isAppError(refused, "offline")).toBe(true);
    expect((await session.info())?.baseUrl).toBe(before);
    await core.close();
  });
});
