// The browser bridge as a transport: the same window.catalog the preload builds, over loopback HTTP,
// and every way a stranger on the machine might try to use it refused. The service behind it is a
// stand-in here (the transport is the subject); test/e2e drives the real catalog service through it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningBridge, startHttpBridge } from "../../src/bridge/http-bridge.ts";
import { httpRendererIpc } from "../../src/bridge/page/http-renderer-ipc.ts";
import { type CatalogServiceMethods, createCatalogHandlers } from "../../src/core/ipc/catalog-handlers.ts";
import { trustedSender } from "../../src/core/ipc/trusted-sender.ts";
import { createCatalogApi } from "../../src/preload/catalog-bridge.ts";
import { readScan } from "../../src/shared/barcode/scan-reading.ts";
import type { AppStatus } from "../../src/shared/catalog/app-status.ts";
import type { SyncProgress } from "../../src/shared/catalog/sync-progress.ts";

const pageDir = mkdtempSync(join(tmpdir(), "bridge-page-"));
writeFileSync(
  join(pageDir, "index.html"),
  `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'none'" /><script type="module" src="./app.js"></script>`,
);
writeFileSync(join(pageDir, "app.js"), "console.log('app')");
writeFileSync(join(tmpdir(), "outside-the-page.txt"), "secret file");

const statusListeners = new Set<(status: AppStatus) => void>();
const progressListeners = new Set<(progress: SyncProgress) => void>();
const lookedUp: unknown[] = [];

const service = {
  lookup: async ({ code }: { code: string }) => {
    lookedUp.push(code);
    const reading = readScan(code);
    return {
      query: code,
      code: reading,
      match: null,
      price: null,
      sale: null,
      label: null,
      reason: { kind: "unknown-code", message: "No product." },
      group: null,
      tax: null,
    };
  },
  // Breaks the contract on purpose: the handlers must not let it out.
  sessionInfo: async () => ({ token: "leak" }),
} as unknown as CatalogServiceMethods;

const events = {
  onStatusChanged: (listener: (status: AppStatus) => void) => {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
  onSyncProgress: (listener: (progress: SyncProgress) => void) => {
    progressListeners.add(listener);
    return () => progressListeners.delete(listener);
  },
};

let bridge: RunningBridge;
const secret = "s".repeat(43);

beforeAll(async () => {
  bridge = await startHttpBridge({
    handlers: (origin) => createCatalogHandlers(service, { isTrustedSender: trustedSender(origin) }),
    events,
    pageDir,
    secret,
  });
});
afterAll(async () => {
  await bridge.close();
  rmSync(pageDir, { recursive: true, force: true });
});

const post = (path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
  fetch(`${bridge.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${secret}`, ...init.headers },
    body: init.body ?? JSON.stringify({ argument: { code: "4006381333931" } }),
  });

describe("browser bridge", () => {
  it("listens on 127.0.0.1 and hands out its secret only in the address fragment", () => {
    expect(bridge.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(bridge.url).toMatch(new RegExp(`^${bridge.origin}/#bridge=${secret}&pictures=[\\w-]{43}$`, "u"));
  });

  it("gives the page the same window.catalog as the preload: calls answered through the contract", async () => {
    const api = createCatalogApi(httpRendererIpc({ origin: bridge.origin, secret, fetch }), "test");
    const answer = await api.lookup({ code: " 4006381333931\r" });
    expect(answer).toMatchObject({
      ok: true,
      value: { code: { kind: "ean13", normalised: "4006381333931" } },
    });
    expect(await api.lookup({ code: "x".repeat(1001) })).toMatchObject({
      ok: false,
      error: { kind: "invalid-argument" },
    });
    // The service broke the contract: the page hears of a fault, never the field.
    const info = await api.sessionInfo();
    expect(info).toMatchObject({ ok: false, error: { kind: "internal" } });
    expect(JSON.stringify(info)).not.toContain("leak");
  });

  it("streams events to the page, parsed against the contract", async () => {
    const ipc = httpRendererIpc({ origin: bridge.origin, secret, fetch, reconnectMs: 50 });
    const api = createCatalogApi(ipc, "test");
    const received: SyncProgress[] = [];
    const stop = api.onSyncProgress((progress) => received.push(progress));
    await expect.poll(() => progressListeners.size).toBe(1);
    const progress: SyncProgress = {
      mode: "full",
      stream: "live",
      done: 10,
      total: 20,
      pages: 1,
      perSecond: 5,
      etaSeconds: 2,
    };
    for (const listener of progressListeners) listener({ ...progress, done: -1 });
    for (const listener of progressListeners) listener(progress);
    await expect.poll(() => received).toEqual([progress]);
    stop();
    ipc.close();
    await expect.poll(() => progressListeners.size).toBe(0);
  });

  it("refuses calls without the secret, or with a wrong one", async () => {
    const before = lookedUp.length;
    for (const authorization of ["", "Bearer wrong", `Bearer ${secret}x`, secret]) {
      const response = await post("/ipc/catalog:lookup", { headers: { authorization } });
      expect(response.status).toBe(401);
    }
    expect((await fetch(`${bridge.origin}/ipc-events`)).status).toBe(401);
    expect(lookedUp.length).toBe(before);
  });

  it("refuses calls from another site's page even with the secret", async () => {
    const response = await post("/ipc/catalog:lookup", { headers: { origin: "http://evil.example" } });
    expect(response.status).toBe(403);
  });

  it("answers only at its own address, so a rebound DNS name gets nothing", async () => {
    const { request } = await import("node:http");
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const url = new URL(bridge.origin);
      request(
        { host: "127.0.0.1", port: url.port, path: "/", headers: { host: `evil.example:${url.port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      )
        .on("error", reject)
        .end();
    });
    expect(status).toBe(421);
  });

  it("refuses unknown calls, calls not sent as JSON, and bodies over 1 MiB", async () => {
    expect((await post("/ipc/catalog:evil")).status).toBe(404);
    expect((await post("/ipc/catalog%3Alookup%E0%A4%A")).status).toBe(404);
    expect((await post("/ipc/catalog:lookup", { headers: { "content-type": "text/plain" } })).status).toBe(
      415,
    );
    expect((await post("/ipc/catalog:lookup", { body: "{" })).status).toBe(400);
    expect((await post("/ipc/catalog:lookup", { body: " ".repeat(1024 * 1024 + 1) })).status).toBe(413);
    expect((await fetch(`${bridge.origin}/ipc/catalog:lookup`)).status).toBe(405);
  });

  it("serves the page with the bridge client first and a policy that lets it reach only its own origin", async () => {
    const html = await (await fetch(`${bridge.origin}/`)).text();
    expect(html.indexOf("bridge-client.js")).toBeGreaterThan(-1);
    expect(html.indexOf("bridge-client.js")).toBeLessThan(html.indexOf('type="module"'));
    expect(html).toContain("connect-src 'self'");
    expect(html).not.toContain(secret);
    expect(await (await fetch(`${bridge.origin}/app.js`)).text()).toBe("console.log('app')");
  });

  it("says plainly when its port is taken", async () => {
    const port = Number(new URL(bridge.origin).port);
    await expect(startHttpBridge({ handlers: () => ({}) as never, events, pageDir, port })).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is taken: choose another, or 0 for any free one.`,
    );
  });

  it("serves nothing outside the page folder", async () => {
    for (const path of [
      "/../outside-the-page.txt",
      "/%2e%2e/outside-the-page.txt",
      "/..%2foutside-the-page.txt",
      "/%00",
    ]) {
      const response = await fetch(`${bridge.origin}${path}`);
      expect(response.status).toBe(404);
    }
  });
});
