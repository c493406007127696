// Checks every routed request passes first (404s included): headers that must appear once do, and no more
// than a fixed number of requests are in flight at once, so a flood queues nothing unbounded.
import type { FastifyInstance } from "fastify";
import { sendError } from "./envelope.ts";
import { HttpError, retryLater } from "./http-error.ts";

/**
 * Headers a proxy and this service could read differently when repeated (Node keeps the first Host or
 * Authorization and joins others): a repeat is refused rather than guessed at.
 */
const singleHeaders = new Set(["host", "authorization", "content-type", "content-length"]);

export function registerRequestGuards(app: FastifyInstance, maxConcurrentRequests: number): void {
  let inFlight = 0;
  app.addHook("onRequest", async (request, reply) => {
    const problem = headerProblem(request.raw.rawHeaders, request.raw.httpVersion);
    if (problem !== null) return sendError(request, reply, new HttpError(400, problem));
    if (inFlight >= maxConcurrentRequests) {
      return sendError(request, reply, retryLater(503, "The service is busy. Try again in a moment.", 1));
    }
    inFlight += 1;
    // "close" fires once whether the answer was sent or the client went away.
    reply.raw.once("close", () => {
      inFlight -= 1;
    });
    return undefined;
  });
}

function headerProblem(rawHeaders: readonly string[], httpVersion: string): string | null {
  const seen = new Set<string>();
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] ?? "").toLowerCase();
    if (singleHeaders.has(name) && seen.has(name)) return `The ${name} header may appear only once.`;
    seen.add(name);
  }
  if (httpVersion !== "1.0" && !seen.has("host")) return "The request needs a Host header.";
  return null;
}
