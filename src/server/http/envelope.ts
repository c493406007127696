// The envelope every response shares: status repeated in the body, a message, and the request's host and id.
import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { HttpError } from "./http-error.ts";

export interface RequestInfo {
  host: string;
  id: string;
}

/** A request without a Host header (HTTP/1.0) is named by the address it reached. */
export function requestInfo(request: FastifyRequest): RequestInfo {
  return { host: request.host || localHost(request.raw.socket), id: request.id };
}

/** The address and port a connection reached, as it would appear in a Host header. */
export function localHost(socket: Socket): string {
  const address = socket.localAddress ?? "unknown";
  return `${address.includes(":") ? `[${address}]` : address}:${socket.localPort ?? 0}`;
}

export function successBody(request: FastifyRequest, msg: string, fields: Record<string, unknown>) {
  return { status: 200, msg, request: requestInfo(request), ...fields };
}

export function errorBody(info: RequestInfo, error: HttpError) {
  return { status: error.status, msg: error.message, ...error.extra, request: info, errors: error.errors };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError): FastifyReply {
  return reply
    .code(error.status)
    .headers(error.headers)
    .type("application/json; charset=utf-8")
    .send(errorBody(requestInfo(request), error));
}

/**
 * A success body whose `results` are stored products, already JSON and joined by commas (in pieces):
 * they are copied in as they are, which spares parsing and re-serialising every record of a page.
 */
export function withRawResults(head: object, results: readonly Buffer[]): Buffer {
  return Buffer.concat([
    Buffer.from(`${JSON.stringify(head).slice(0, -1)},"results":[`),
    ...results,
    closing,
  ]);
}

const closing = Buffer.from("]}");
