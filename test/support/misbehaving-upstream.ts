// A hostile upstream over real HTTP on loopback: it sits in front of the reference service, passes
// everything through, and lets a test rewrite product-list requests and answers (cursors, page
// contents, counts, the Date header) the way a broken or malicious service would.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** A product-list call as the upstream received it, before any rewriting. */
export interface ListCall {
  /** 0-based number of list calls so far. */
  index: number;
  page: number;
  size: number;
  deleted: boolean;
  first: string | null;
}

export interface PageBody {
  request: { cursor: { next?: Record<string, unknown> | null } & Record<string, unknown> };
  cursor: { next?: string | null } & Record<string, unknown>;
  count: number;
  results: Record<string, unknown>[];
  [key: string]: unknown;
}

export interface Behaviour {
  /** Changes the query sent on to the service (e.g. drop `first`, force page 0). */
  query?(call: ListCall, query: URLSearchParams): void;
  /** Rewrites the page the service answered. */
  page?(call: ListCall, body: PageBody): PageBody;
  /** Rewrites the `/meta` count. */
  count?(deleted: boolean, count: number): number;
  /** The Date header to send instead of the service's. */
  date?(): string;
  /** Holds each list answer back this long, so a test can kill a sync between pages. */
  delayMs?: number;
  /** How a list answer stalls, if it does: the ways a proxy or an overloaded gateway hangs a request. */
  stall?(call: ListCall): Stall | null;
  /** How any other answer (a sign-in, a count) stalls, by its method and path, if it does. */
  stallOther?(request: { method: string; path: string }): Stall | null;
  /** A route the service is to lack: answered 404, as an older deployment would, never passed on. */
  missing?(request: { method: string; path: string }): boolean;
  /** Rewrites any other successful answer (a branch, group or tax list), by its method and path. */
  rewrite?(request: { method: string; path: string }, body: Record<string, unknown>): Record<string, unknown>;
}

/**
 * `no-headers`: the connection is taken and nothing comes back. `half-way`: the first half of the
 * page, then nothing. `dribble`: the start of a page, then one space every 200 ms for as long as the
 * client listens.
 */
export type Stall = "no-headers" | "half-way" | "dribble";

export interface MisbehavingUpstream {
  baseUrl: string;
  /** List calls received, in order. */
  calls: ListCall[];
  /** The path of every request received, in order. */
  paths: string[];
  /** List calls the service answered with an error status or a broken connection or body. */
  failures(): number;
  behave(behaviour: Behaviour): void;
  close(): Promise<void>;
}

const listPath = /^\/api\/v1\/products\/[^/]+\/?$/u;
const metaPath = /^\/api\/v1\/products\/[^/]+\/meta$/u;

export async function startMisbehavingUpstream(target: string): Promise<MisbehavingUpstream> {
  let behaviour: Behaviour = {};
  const calls: ListCall[] = [];
  const paths: string[] = [];
  let failures = 0;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", target);
    const isList = request.method === "GET" && listPath.test(url.pathname);
    const isMeta = request.method === "GET" && metaPath.test(url.pathname);
    const other = { method: request.method ?? "GET", path: url.pathname };
    paths.push(url.pathname);
    if (behaviour.missing?.(other)) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: 404, msg: "Not found.", request: { host: "proxy", id: "0" } }));
      return;
    }
    let call: ListCall | undefined;
    if (isList) {
      const params = url.searchParams;
      call = {
        index: calls.length,
        page: Number(params.get("page") ?? 0),
        size: Number(params.get("size") ?? 1000),
        deleted: params.get("deleted") === "true",
        first: params.get("first"),
      };
      calls.push(call);
      behaviour.query?.(call, params);
    }
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && name !== "host" && name !== "content-length")
          headers.set(name, value);
      }
      const answer = await fetch(url, {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      if (call !== undefined && !answer.ok) failures += 1;
      let text = await answer.text();
      if (call !== undefined && behaviour.delayMs) await sleep(behaviour.delayMs);
      if (answer.ok && call !== undefined && behaviour.page) {
        text = JSON.stringify(behaviour.page(call, JSON.parse(text) as PageBody));
      }
      if (answer.ok && call === undefined && !isMeta && behaviour.rewrite) {
        text = JSON.stringify(behaviour.rewrite(other, JSON.parse(text) as Record<string, unknown>));
      }
      if (answer.ok && isMeta && behaviour.count) {
        const body = JSON.parse(text) as { results: [{ count: number }] };
        body.results[0].count = behaviour.count(
          url.searchParams.get("deleted") === "true",
          body.results[0].count,
        );
        text = JSON.stringify(body);
      }
      const date = behaviour.date?.() ?? answer.headers.get("date") ?? new Date().toUTCString();
      const stall =
        call === undefined ? (behaviour.stallOther?.(other) ?? null) : (behaviour.stall?.(call) ?? null);
      if (stall !== null) {
        stallAnswer(stall, text, response, date);
        return;
      }
      response.writeHead(answer.status, { "content-type": "application/json", date });
      response.end(text);
    } catch {
      if (call !== undefined) failures += 1;
      response.socket?.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    paths,
    failures: () => failures,
    behave(next) {
      behaviour = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function stallAnswer(stall: Stall, text: string, response: ServerResponse, date: string): void {
  if (stall === "no-headers") return;
  if (stall === "half-way") {
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      date,
    });
    response.write(text.slice(0, Math.floor(text.length / 2)));
    return;
  }
  response.writeHead(200, { "content-type": "application/json", date });
  response.write('{"status":200,"msg":"ok","results":[');
  const drip = setInterval(() => response.write(" "), 200);
  response.on("close", () => clearInterval(drip));
}
