// A body declared larger than the limit is read to its end and thrown away before the 413 is sent. The
// answer closes the connection (fastify's `connection: close`, since the client may send more), and a
// socket closed with unread bytes in it is reset: the reset can overtake the answer, so a client (or a
// balancer in front, which then closes the client's side too) reports "other side closed" instead of
// the 413. Reading the rest first is the lingering close web servers do. Only up to a bound: a body
// declared larger still gets the 413 at once and the reset.
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { FastifyInstance } from "fastify";

export function drainOversizedBodies(app: FastifyInstance, limitBytes: number, drainBytes: number): void {
  app.addHook("preParsing", async (request, _reply, payload) => {
    const declared = Number(request.headers["content-length"]);
    if (!(declared > limitBytes && declared <= drainBytes)) return payload;
    await finished(payload.resume());
    // Nothing left to parse: fastify refuses the declared length as it would have without the read.
    return Readable.from([]);
  });
}
