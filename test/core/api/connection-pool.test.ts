// The connections to the service: one catalog's requests share them, a stalled answer ends at its
// deadline even when fetch loses the abort on its way, closing the catalog ends them, and a request
// reports when it is on the wire. Real HTTP on loopback, counted at a TCP relay in front of it.
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCommerceClient } from "../../../src/core/api/commerce-client.ts";
import { catalogFileFor, openCatalogStore } from "../../../src/core/catalog/catalog-store.ts";
import { sessionProductsSource } from "../../../src/core/sync/session-source.ts";
import { runSync } from "../../../src/core/sync/sync-engine.ts";
import { type RunningService, startService } from "../../../src/server/service.ts";
import { failure } from "../../support/expect-failure.ts";
import { openTestCore, tempDir } from "../../support/service-fixtures.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Relay {
  baseUrl: string;
  /** Connections the till opened, in order; `closed` turns true when the till's side ends. */
  connections: { closed: boolean }[];
}

/** A TCP relay to `target` that counts the connections made through it. */
async function countingRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const connections: Relay["connections"] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((till) => {
    const seen = { closed: false };
    connections.push(seen);
    const upstream = connect(Number(port), hostname);
    for (const socket of [till, upstream]) sockets.add(socket);
    till.pipe(upstream).pipe(till);
    till.on("close", () => {
      seen.closed = true;
      upstream.destroy();
    });
    upstream.on("close", () => till.destroy());
    till.on("error", () => upstream.destroy());
    upstream.on("error", () => till.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections };
}

/**
 * A server that starts a page, then sends one space every 100 ms for as long as the client listens
 * (never idle long enough for undici's own idle timer); says when each connection ends.
 */
async function dribbling() {
  const ended: boolean[] = [];
  const server = createHttpServer((_request, response) => {
    const index = ended.push(false) - 1;
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"status":200,"msg":"ok","results":[');
    const drip = setInterval(() => response.write(" "), 100);
    response.socket?.on("close", () => {
      ended[index] = true;
      clearInterval(drip);
    });
  });
  return { baseUrl: await listening(server), ended };
}

/** A server that takes each request and never answers it, not even with its status line. */
async function silent(): Promise<string> {
  return listening(createHttpServer(() => {}));
}

async function listening(server: HttpServer): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the connections to the service", () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ port: 0, demoProducts: 900, seed: 8 });
    cleanups.push(() => service.close());
  });

  async function signedInThrough(relay: Relay) {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const wired = openTestCore(dir.path);
    cleanups.push(() => wired.close());
    const { organisation, username, password } = service.demo;
    await wired.session.signInOrganisation({
      baseUrl: relay.baseUrl,
      organisation,
      username,
      password,
      remember: false,
    });
    return { wired, dataDir: dir.path };
  }

  it("are shared by one catalog's requests: a sync of ten pages opens a few, not one a request", async () => {
    const relay = await countingRelay(service.baseUrl);
    const { wired, dataDir } = await signedInThrough(relay);
    const store = await openCatalogStore(catalogFileFor(dataDir, service.demo.accountId));
    cleanups.push(() => store.close());

    const summary = await runSync({
      source: sessionProductsSource(wired.session),
      store,
      clock: Date.now,
      pageSize: 100,
    });

    // Sign-in, two counts, ten pages and a last count: fourteen requests.
    expect(summary.pages).toBeGreaterThanOrEqual(10);
    // The counts and the first page go out together, and the read-ahead overlaps a page: at most three
    // at once, so at most three connections are ever needed.
    expect(relay.connections.length).toBeLessThanOrEqual(3);
  });

  it("are ended when the catalog closes, idle or not", async () => {
    const relay = await countingRelay(service.baseUrl);
    const { wired } = await signedInThrough(relay);
    expect(relay.connections.length).toBeGreaterThan(0);
    expect(relay.connections.some((connection) => !connection.closed)).toBe(true);

    await wired.close();

    await expect.poll(() => relay.connections.every((connection) => connection.closed)).toBe(true);
  });

  it("end a stalled answer at its deadline even when fetch loses the abort signal", async () => {
    const stalled = await dribbling();
    // A fetch that drops the signal it is given: the request follows a signal that never aborts, as
    // when Node's fetch loses track of the one it was given.
    const deaf: typeof fetch = (input, init) => fetch(new Request(input as Request, { signal: null }), init);
    const client = createCommerceClient({
      baseUrl: stalled.baseUrl,
      fetch: deaf,
      deadlines: { firstByteMs: 300, wholeAnswerMs: 300 },
      retry: { attempts: 2 },
      sleep: async () => {},
    });
    const error = await failure(client.productsTotal({ token: "t", account: "a" }, { deleted: false }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toMatch(/did not send its whole answer within 0.3 s/);
    // Both attempts' connections are ended, not left open holding the process.
    expect(stalled.ended).toHaveLength(2);
    await expect.poll(() => stalled.ended.every(Boolean)).toBe(true);
  });

  it("name the deadline missed when undici's own timer, set to the same deadline, ends the request first", async () => {
    const baseUrl = await silent();
    // undici keeps the first-byte deadline too, on a coarser clock: it can fire a little before ours.
    // Here its timer is the shorter one, so it always does.
    const { Agent } = await import("undici");
    const early = new Agent({ headersTimeout: 300 });
    cleanups.push(() => early.destroy());
    // Node's fetch takes any undici dispatcher, though its bundled types name an older undici's.
    const dispatcher: unknown = early;
    const firstToFire: typeof fetch = (input, init) => fetch(input, { ...init, dispatcher } as RequestInit);
    const client = createCommerceClient({
      baseUrl,
      fetch: firstToFire,
      deadlines: { firstByteMs: 5_000 },
      retry: { attempts: 1 },
      sleep: async () => {},
    });
    const error = await failure(client.productsTotal({ token: "t", account: "a" }, { deleted: false }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toMatch(/took a connection but did not start answering within 5 s/);
  });

  it("say when a request is on the wire, before its answer comes", async () => {
    const relay = await countingRelay(service.baseUrl);
    const { wired } = await signedInThrough(relay);
    // Every list answer held back 400 ms, then given whole.
    service.setFaults({ rate: 1, seed: 1, kinds: ["slow"], slowMs: 400 });
    cleanups.push(async () => service.setFaults(null));
    let sent = false;
    let answered = false;
    const page = wired.session.authorised((auth, client) =>
      client.fetchProductsPage(auth, { page: 1, size: 10, deleted: false }, undefined, () => (sent = true)),
    );
    void page.then(() => (answered = true));
    await expect.poll(() => sent).toBe(true);
    expect(answered).toBe(false);
    await page;
    service.setFaults(null);
  });
});
