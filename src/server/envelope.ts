// The envelope every response shares: status repeated in the body, a message, and the request's host and id.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { HttpError } from "./http-error.ts";

export interface RequestInfo {
  host: string;
  id: string;
}

export function requestInfo(request: FastifyRequest): RequestInfo {
  return { host: request.host, id: request.id };
}

export function successBody(request: FastifyRequest, msg: string, fields: Record<string, unknown>) {
  return { status: 200, msg, request: requestInfo(request), ...fields };
}

function errorBody(request: FastifyRequest, error: HttpError) {
  return {
    status: error.status,
    msg: error.message,
    ...error.extra,
    request: requestInfo(request),
    errors: error.errors,
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError): FastifyReply {
  return reply.code(error.status).type("application/json; charset=utf-8").send(errorBody(request, error));
}

/**
 * A success body whose `results` are stored products, already JSON: they are spliced in as they are, which
 * spares parsing and re-serialising every record of a page.
 */
export function withRawResults(head: object, results: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`${JSON.stringify(head).slice(0, -1)},"results":[`)];
  results.forEach((result, index) => {
    if (index > 0) parts.push(comma);
    parts.push(result);
  });
  parts.push(closing);
  return Buffer.concat(parts);
}

const comma = Buffer.from(",");
const closing = Buffer.from("]}");
