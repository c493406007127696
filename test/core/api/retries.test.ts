// Exact sequences of failures against a scripted loopback server: what is retried, how long the
// client waits (through the injected sleep), and what is given up on at once.
import { afterEach, describe, expect, it } from "vitest";
import { createCommerceClient } from "../../../src/core/api/commerce-client.ts";
import { failure } from "../../support/expect-failure.ts";
import { envelope, productBody, productsPage } from "./contract-fixtures.ts";
import {
  closedPortUrl,
  type ScriptedAnswer,
  type ScriptedServer,
  startScriptedServer,
} from "./scripted-server.ts";

const auth = { token: "tok.en-123", account: "acct" };
const query = { page: 0, size: 2, deleted: false };

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(
  script: (baseUrl: string) => ScriptedAnswer[],
  options: { random?: () => number } = {},
) {
  // The page bodies carry absolute URLs, so the script is built once the port is known.
  const answers: ScriptedAnswer[] = [];
  server = await startScriptedServer(answers);
  answers.push(...script(server.baseUrl));
  const waits: number[] = [];
  const client = createCommerceClient({
    baseUrl: server.baseUrl,
    random: options.random ?? (() => 1),
    sleep: async (ms) => {
      waits.push(ms);
    },
    clock: () => Date.parse("2030-01-01T00:00:00Z"),
    deadlines: { firstByteMs: 2_000 },
  });
  return { client, waits, server };
}

const page = (baseUrl: string) => ({ status: 200, body: productsPage(baseUrl, [productBody("a")], false) });

describe("retries", () => {
  it("retries 503 twice, then returns the page, backing off exponentially", async () => {
    const { client, waits, server } = await clientFor((url) => [{ status: 503 }, { status: 503 }, page(url)]);
    const result = await client.fetchProductsPage(auth, query);
    expect(result.received.map((r) => r.product.id)).toEqual(["a"]);
    expect(server.requests).toHaveLength(3);
    // random() = 1 shows the ceiling of the full jitter: base 500 ms doubled per retry.
    expect(waits).toEqual([500, 1000]);
  });

  it("draws the wait uniformly below the ceiling (full jitter) and caps the ceiling", async () => {
    const { client, waits } = await clientFor(() => [{ status: 500 }], { random: () => 0.25 });
    const error = await failure(client.fetchProductsPage(auth, query));
    expect(error.kind).toBe("server");
    expect(error.status).toBe(500);
    expect(waits).toEqual([125, 250, 500]);

    const capped = createCommerceClient({
      baseUrl: server?.baseUrl ?? "",
      retry: { attempts: 6, baseDelayMs: 1000, maxDelayMs: 3000 },
      random: () => 1,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    waits.length = 0;
    await failure(capped.fetchProductsPage(auth, query));
    expect(waits).toEqual([1000, 2000, 3000, 3000, 3000]);
  });

  it("gives up after the default four attempts", async () => {
    const { client, server } = await clientFor(() => [{ status: 503 }]);
    expect((await failure(client.productsTotal(auth, { deleted: false }))).kind).toBe("server");
    expect(server.requests).toHaveLength(4);
  });

  it("waits as long as retry-after says, in seconds or as an HTTP date, plus the jittered backoff", async () => {
    const { client, waits } = await clientFor(
      (url) => [
        { status: 429, headers: { "retry-after": "7" }, body: { status: 429, msg: "Slow down" } },
        { status: 503, headers: { "retry-after": "Tue, 01 Jan 2030 00:00:12 GMT" } },
        // Unreadable: the ordinary backoff alone applies.
        { status: 503, headers: { "retry-after": "soon" } },
        page(url),
      ],
      { random: () => 0.5 },
    );
    await client.fetchProductsPage(auth, query);
    // Half of each retry's backoff ceiling (500, 1000, 2000 ms) on top of what the service asked for.
    expect(waits).toEqual([7000 + 250, 12000 + 500, 1000]);
  });

  it("hands a retry-after beyond its patience to the caller as rate-limited", async () => {
    const { client, waits, server } = await clientFor(() => [
      { status: 429, headers: { "retry-after": "3600" } },
    ]);
    const error = await failure(client.fetchProductsPage(auth, query));
    expect(error.kind).toBe("rate-limited");
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(error.message).toContain("3600 s");
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a connection reset and a body that is not complete JSON", async () => {
    const { client, server } = await clientFor((url) => [
      "reset",
      { raw: JSON.stringify(productsPage(url, [productBody("a")], false)).slice(0, 40) },
      page(url),
    ]);
    const result = await client.fetchProductsPage(auth, query);
    expect(result.count).toBe(1);
    expect(server.requests).toHaveLength(3);
  });

  it("retries an envelope that breaks the contract, then reports invalid-response", async () => {
    const { client, server } = await clientFor(() => [{ status: 200, body: envelope({ results: "nope" }) }]);
    const error = await failure(client.fetchProductsPage(auth, query));
    expect(error.kind).toBe("invalid-response");
    expect(error.message).toContain("products page");
    expect(server.requests).toHaveLength(4);
  });

  it.each([
    [400, "invalid-request"],
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "not-found"],
    [409, "conflict"],
    [422, "invalid-request"],
  ])("never retries HTTP %i (%s)", async (status, kind) => {
    const { client, waits, server } = await clientFor(() => [
      { status, body: { status, msg: `refused ${auth.token}` } },
    ]);
    const error = await failure(client.fetchProductsPage(auth, query));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.message).not.toContain(auth.token);
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("reports a refused connection as offline, after retrying", async () => {
    const baseUrl = await closedPortUrl();
    let attempts = 0;
    const client = createCommerceClient({
      baseUrl,
      sleep: async () => {
        attempts++;
      },
    });
    const error = await failure(
      client.loginOrganisation({ organisation: "o", username: "u", password: "pw-secret" }),
    );
    expect(error.kind).toBe("offline");
    expect(error.message).toBe(
      `Cannot reach the commerce service at ${new URL(baseUrl).host}. Check the network connection; lookups keep working from the local catalog.`,
    );
    expect(attempts).toBe(3);
  });

  it("says that a port fetch refuses is the address's fault, not the network's", async () => {
    const client = createCommerceClient({
      // 6000 (X11) is one of the ports the fetch standard blocks: nothing is ever sent to it.
      baseUrl: "http://127.0.0.1:6000",
      sleep: async () => undefined,
    });
    const error = await failure(
      client.loginOrganisation({ organisation: "o", username: "u", password: "pw-secret" }),
    );
    expect(error.kind).toBe("offline");
    expect(error.message).toMatch(
      /^Cannot reach the commerce service at 127\.0\.0\.1:6000: its port is one that browsers and Node refuse/,
    );
    expect(error.message).not.toContain("broke off");
    expect(error.message).not.toContain("pw-secret");
  });

  it("times out an attempt that gets no answer, and retries it", async () => {
    server = await startScriptedServer(["hang"]);
    const client = createCommerceClient({
      baseUrl: server.baseUrl,
      deadlines: { firstByteMs: 50 },
      retry: { attempts: 2 },
      sleep: async () => {},
    });
    const error = await failure(client.fetchProductsPage(auth, query));
    expect(error.kind).toBe("timeout");
    expect(server.requests).toHaveLength(2);
  });
});

describe("cancellation", () => {
  it("stops a request in flight at once", async () => {
    server = await startScriptedServer(["hang"]);
    const client = createCommerceClient({ baseUrl: server.baseUrl });
    const controller = new AbortController();
    const pending = client.fetchProductsPage(auth, query, controller.signal);
    while (server.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect((await failure(pending)).kind).toBe("cancelled");
  });

  it("stops during the wait between attempts and sends nothing more", async () => {
    const controller = new AbortController();
    server = await startScriptedServer([{ status: 503 }]);
    const client = createCommerceClient({
      baseUrl: server.baseUrl,
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener("abort", () => reject(signal.reason));
          controller.abort();
        }),
    });
    expect((await failure(client.fetchProductsPage(auth, query, controller.signal))).kind).toBe("cancelled");
    expect(server.requests).toHaveLength(1);
  });

  it("sends nothing when already cancelled", async () => {
    server = await startScriptedServer([{ status: 200 }]);
    const client = createCommerceClient({ baseUrl: server.baseUrl });
    expect((await failure(client.productsTotal(auth, { deleted: true }, AbortSignal.abort()))).kind).toBe(
      "cancelled",
    );
    expect(server.requests).toHaveLength(0);
  });
});
