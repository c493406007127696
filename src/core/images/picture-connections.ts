// The connections a picture run downloads over: Node's own HTTP client with connections kept open
// between pictures, a few per host. Not `fetch`: for a picture of a kilobyte or two, its request and
// stream objects cost more than the picture (a bare fetch of the demo's pictures took about twice the
// wall and CPU time of the same requests over node:http, `npm run bench -- --only images`).
import type { IncomingMessage } from "node:http";

export interface PictureConnections {
  /** Asks for one picture; answers once the answer's head is in, its body left to read. */
  get(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage>;
  /** Closes the connections kept open; a run ends with it. */
  close(): void;
}

const closedUnderfoot = new Set(["ECONNRESET", "EPIPE"]);

/** Opens connections as pictures need them, at most `perHost` at once to any one host. */
export function openPictureConnections(perHost: number): PictureConnections {
  // Taken here rather than imported: importing node:http as a module makes Node read each of its
  // exports, among them the WebSocket classes that load Node's own fetch (undici), some 40 ms of
  // every CLI command, a scan included, that downloads no picture.
  const http = process.getBuiltinModule("node:http");
  const https = process.getBuiltinModule("node:https");
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: perHost }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: perHost }),
  };
  return {
    get(url, headers, signal) {
      const ask = (again: boolean): Promise<IncomingMessage> =>
        new Promise((resolve, reject) => {
          if (url.protocol !== "http:" && url.protocol !== "https:") {
            reject(new Error(`${url.protocol} is not a picture address a till fetches`));
            return;
          }
          const client = url.protocol === "https:" ? https : http;
          const request = client.get(url, { agent: agents[url.protocol], headers, signal }, resolve);
          request.on("error", (error: NodeJS.ErrnoException) => {
            // A kept-open connection the host closed as it was reused, before any answer: asked once
            // more, on a new connection. Anything else is the caller's to judge.
            if (!again && request.reusedSocket && closedUnderfoot.has(error.code ?? "")) resolve(ask(true));
            else reject(error);
          });
        });
      return ask(false);
    },
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}
