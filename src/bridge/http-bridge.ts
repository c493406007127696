// The browser bridge: the catalog's IPC handlers served over HTTP on loopback, with the built screens,
// so the app can run in a browser where Electron cannot. Same contract, same checks as Electron's IPC
// (the handlers parse every argument and result); on top, the transport's own guards: 127.0.0.1
// only, the exact Host (no DNS rebinding), a random secret per run on every call, and calls only
// from the bridge's own origin. Cached pictures have a route of their own behind a second per-run
// token, since an <img> cannot send the secret.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import {
  answerPicture,
  type CatalogHandlers,
  type CatalogServiceEvents,
  forwardCatalogEvents,
} from "../core/app/index.ts";
import { AppError } from "../shared/app-error.ts";
import { methodOfChannel } from "../shared/ipc/catalog-channels.ts";
import { bridgePicturePrefix } from "../shared/ipc/picture-address.ts";
import { bridgePaths } from "./bridge-paths.ts";
import { pageHtml } from "./page-html.ts";

export interface HttpBridgeOptions {
  /** Built for the bridge's origin, once it is known: the handlers' sender check needs it. */
  handlers: (origin: string) => CatalogHandlers;
  events: CatalogServiceEvents;
  /** The built page: the renderer's index.html and assets, plus bridge-client.js. */
  pageDir: string;
  port?: number;
  /** Injected for tests; a fresh random one per run otherwise. */
  secret?: string;
  /** The bytes of a cached picture (the catalog service's pictureBytes); no pictures when absent. */
  pictureBytes?: (hash: string) => Buffer | null;
  /** The run's picture token; injected for tests, a fresh random one per run otherwise. */
  pictureToken?: string;
}

export interface RunningBridge {
  origin: string;
  /** The address to open: the origin with the secret and the picture token in the fragment. */
  url: string;
  close(): Promise<void>;
}

const maxBodyBytes = 1024 * 1024;
const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  // The camera decoder's WebAssembly: compiled as it downloads only when labelled so.
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
};

export async function startHttpBridge(options: HttpBridgeOptions): Promise<RunningBridge> {
  const secret = options.secret ?? randomBytes(32).toString("base64url");
  // <img> cannot send the secret: pictures have a token of their own, which opens nothing but them.
  const pictureToken = options.pictureToken ?? randomBytes(32).toString("base64url");
  const streams = new Set<ServerResponse>();
  let origin = "";
  let handlers: CatalogHandlers | null = null;

  const server = createServer((request, response) => {
    void route(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, "text/plain", "The bridge failed to answer.");
      else response.destroy();
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.setHeader("x-content-type-options", "nosniff");
    response.setHeader("referrer-policy", "no-referrer");
    response.setHeader("cache-control", "no-store");
    if (request.headers.host !== new URL(origin).host) {
      return send(response, 421, "text/plain", "This bridge answers only at its own address.");
    }
    const raw = request.url ?? "/";
    if (raw.startsWith(bridgePicturePrefix))
      return picture(request, response, raw.slice(bridgePicturePrefix.length));
    const path = new URL(raw, origin).pathname;
    if (path.startsWith(bridgePaths.call))
      return call(request, response, path.slice(bridgePaths.call.length));
    if (path === bridgePaths.events) return events(request, response);
    if (request.method !== "GET" && request.method !== "HEAD")
      return send(response, 405, "text/plain", "Not allowed.");
    return staticFile(response, path);
  }

  function authorised(request: IncomingMessage): boolean {
    return sameText(request.headers.authorization ?? "", `Bearer ${secret}`);
  }

  /**
   * `/pictures/<token>/<hash>`, read from the raw request line (no dot segments resolved, nothing
   * decoded): exactly the run's token and a hash the cache holds, else 400 or 404.
   */
  function picture(request: IncomingMessage, response: ServerResponse, rest: string): void {
    const [token, name, ...more] = rest.split("/");
    if (more.length > 0 || token === undefined || name === undefined || !sameText(token, pictureToken)) {
      send(response, 404, "text/plain", "Not found.");
      return;
    }
    const answer = answerPicture(request.method ?? "", name, options.pictureBytes ?? (() => null));
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  }

  async function call(request: IncomingMessage, response: ServerResponse, channel: string): Promise<void> {
    if (request.method !== "POST") return send(response, 405, "text/plain", "Calls are POSTed.");
    if (!authorised(request)) return refuse(response, 401, "This call did not carry the bridge's secret.");
    // A browser always names the page a POST comes from; the handlers check it is the bridge's own.
    const sender = typeof request.headers.origin === "string" ? request.headers.origin : null;
    if (sender !== null && sender !== origin)
      return refuse(response, 403, "This call came from another site.");
    const method = methodOfChannel(decodedChannel(channel));
    if (method === null) return refuse(response, 404, "There is no such catalog call.");
    if (!/^application\/json\b/.test(request.headers["content-type"] ?? "")) {
      return refuse(response, 415, "Calls are sent as JSON.");
    }
    const body = await readBody(request);
    if (body === null) return refuse(response, 413, "The call was too large.");
    let argument: unknown;
    try {
      argument = (JSON.parse(body) as { argument?: unknown })?.argument;
    } catch {
      return refuse(response, 400, "The call was not valid JSON.");
    }
    // Without an Origin header (a non-browser client holding the secret), the call counts as the page's.
    const result = await handlers?.[method](argument ?? undefined, sender ?? origin);
    send(response, 200, "application/json", JSON.stringify(result));
  }

  function events(request: IncomingMessage, response: ServerResponse): void {
    if (!authorised(request)) {
      refuse(response, 401, "This stream needs the bridge's secret.");
      return;
    }
    response.writeHead(200, { "content-type": "application/x-ndjson; charset=utf-8" });
    response.flushHeaders();
    streams.add(response);
    const stop = forwardCatalogEvents(options.events, (channel, data) => {
      // A stream ended (the bridge closing) hears nothing more: a write after its end is an error
      // event nobody handles, which would take the whole process down.
      if (!response.writableEnded) response.write(`${JSON.stringify({ channel, data })}\n`);
    });
    response.on("close", () => {
      stop();
      streams.delete(response);
    });
  }

  async function staticFile(response: ServerResponse, path: string): Promise<void> {
    const file = pageFile(options.pageDir, path);
    let content: Buffer;
    try {
      if (file === null) throw new Error("outside the page");
      content = await readFile(file);
    } catch {
      return send(response, 404, "text/plain", "Not found.");
    }
    const type = contentTypes[extname(file)] ?? "application/octet-stream";
    if (file === join(options.pageDir, "index.html")) {
      return send(response, 200, type, pageHtml(content.toString("utf8")));
    }
    send(response, 200, type, content);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const port = options.port ?? 0;
      if (error.code !== "EADDRINUSE") reject(error);
      else
        reject(
          new AppError(
            "invalid-input",
            `Port ${port} on 127.0.0.1 is taken: choose another, or 0 for any free one.`,
          ),
        );
    });
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  handlers = options.handlers(origin);

  return {
    origin,
    url: `${origin}/#bridge=${secret}&pictures=${pictureToken}`,
    async close() {
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The file a path names inside the page folder, or null for anything else. */
function pageFile(pageDir: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path === "/" ? "/index.html" : path);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  // An absolute path normalises with every ".." spent at the root, so it cannot climb out of the page.
  const file = join(pageDir, normalize(decoded));
  return file.startsWith(join(pageDir, sep)) ? file : null;
}

/** Compares a secret in constant time. */
function sameText(given: string, wanted: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(wanted)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
  response.end(body);
}

function refuse(response: ServerResponse, status: number, message: string): void {
  // Who may not call is the sender's problem; how the call was sent is the argument's.
  const kind = status === 401 || status === 403 ? "forbidden-sender" : "invalid-argument";
  send(response, status, "application/json", JSON.stringify({ ok: false, error: { kind, message } }));
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The page encodes the channel's name; a malformed escape names no channel (404), not a fault. */
function decodedChannel(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return "";
  }
}
