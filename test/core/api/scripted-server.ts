// A loopback HTTP server that answers with an exact script, for the retry cases the reference
// service can only produce at random: 503 then 200, a 429 with retry-after, a reset, a broken body.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptedAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { raw: string; status?: number }
  | "reset"
  | "hang";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ScriptedServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Answers request n with script[n]; the last entry repeats. */
export async function startScriptedServer(script: ScriptedAnswer[]): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      requests.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      const answer = script[Math.min(requests.length, script.length) - 1];
      if (answer === undefined) throw new Error("empty script");
      answerWith(answer, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answerWith(answer: ScriptedAnswer, response: ServerResponse): void {
  if (answer === "hang") return;
  if (answer === "reset") {
    response.socket?.destroy();
    return;
  }
  if ("raw" in answer) {
    response.writeHead(answer.status ?? 200, { "content-type": "application/json" });
    response.end(answer.raw);
    return;
  }
  response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
  response.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
}

/** A port nothing listens on: bound, then released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
