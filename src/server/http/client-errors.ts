// Requests refused before fastify sees them: those the HTTP parser rejects (bad bytes in the path, a URL
// or headers over the size limit, an unknown method, a repeated Content-Length...), CONNECT, and `Expect`
// values other than 100-continue, which Node keeps from fastify altogether. They get the same envelope and
// headers as every other error, and the connection is closed: after a parse error nothing more on it can
// be trusted.
import { randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { errorBody, localHost } from "./envelope.ts";
import { HttpError } from "./http-error.ts";
import { securityHeaders, setSecurityHeaders } from "./security-headers.ts";

/** What each parser error means, in words a developer reading the reply can act on. */
const problems: Record<string, string> = {
  HPE_INVALID_METHOD: "the method is not one this service knows",
  HPE_INVALID_URL: "the URL holds characters that are not allowed",
  HPE_INVALID_VERSION: "the HTTP version is not supported",
  HPE_INVALID_HEADER_TOKEN: "a header holds characters that are not allowed",
  HPE_INVALID_CONTENT_LENGTH: "Content-Length is not a number",
  HPE_UNEXPECTED_CONTENT_LENGTH: "Content-Length is repeated",
  HPE_INVALID_TRANSFER_ENCODING: "Transfer-Encoding is not valid, or is sent with Content-Length",
  HPE_INVALID_CHUNK_SIZE: "the chunked body is malformed",
  HPE_CR_EXPECTED: "a line does not end in CRLF",
  HPE_LF_EXPECTED: "a line does not end in CRLF",
};

function clientErrorReply(code: string | undefined): HttpError {
  if (code === "HPE_HEADER_OVERFLOW") {
    return new HttpError(431, "The request's URL and headers are larger than this service accepts.");
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT" || code === "ERR_HTTP_HEADERS_TIMEOUT") {
    return new HttpError(408, "The request did not arrive in time.");
  }
  const problem = (code && problems[code]) ?? "it could not be parsed";
  return new HttpError(400, `The request is not valid HTTP: ${problem}.`, [
    { id: "malformed_request", label: problem, errorDetails: { code: code ?? null } },
  ]);
}

/** fastify's clientErrorHandler: one envelope on the raw socket, then close. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  answerOnSocket(socket, clientErrorReply(error.code));
}

/** An `Expect` other than 100-continue never reaches fastify either: Node asks the "checkExpectation" event. */
export function answerUnmetExpectation(request: IncomingMessage, response: ServerResponse): void {
  const refusal = new HttpError(417, `The expectation "${request.headers.expect}" cannot be met.`);
  const host = request.headers.host || localHost(request.socket as Socket);
  const body = JSON.stringify(errorBody({ host, id: randomUUID() }, refusal));
  setSecurityHeaders(response);
  response.writeHead(refusal.status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  response.end(body);
}

/** A CONNECT request never reaches fastify (Node hands it to the server's "connect" event). */
export function answerConnect(socket: Socket): void {
  answerOnSocket(socket, new HttpError(405, "CONNECT is not supported: this service is not a proxy."));
}

function answerOnSocket(socket: Socket, refusal: HttpError): void {
  if (socket.writable) {
    const body = JSON.stringify(errorBody({ host: localHost(socket), id: randomUUID() }, refusal));
    const headers = {
      ...securityHeaders,
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      connection: "close",
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${head.join("")}\r\n${body}`);
  }
  // A client that never reads its answer must not hold the socket open.
  setTimeout(() => socket.destroy(), 1000).unref();
}
