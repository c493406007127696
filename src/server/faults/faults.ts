// Fault injection for product-list and demo-image responses: a seeded share of them fail in one of the ways a real
// network and service do, so a client's retry and resume logic can be exercised deterministically.
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../http/envelope.ts";
import { HttpError, retryLater } from "../http/http-error.ts";
import { createRandom, type Random } from "./seeded-random.ts";

export type FaultKind = "500" | "503" | "429" | "slow" | "reset" | "truncated";
const faultKinds: readonly FaultKind[] = ["500", "503", "429", "slow", "reset", "truncated"];

export interface FaultOptions {
  /** Share of product-list and demo-image responses that fail, 0..1. */
  rate: number;
  seed: number;
  /** Default: all kinds. */
  kinds?: FaultKind[];
  /** Delay of a "slow" fault, default 1500 ms. */
  slowMs?: number;
  /** `retry-after` of a 429, default 1 s. */
  retryAfterSeconds?: number;
}

export interface Fault {
  kind: FaultKind;
  slowMs: number;
  retryAfterSeconds: number;
}

/** Draws the fault (or none) of each product-list or demo-image response; swapped at run time by `set`. */
export interface FaultSwitch {
  set(options: FaultOptions | null): void;
  draw(): Fault | null;
}

export function createFaultSwitch(initial: FaultOptions | null): FaultSwitch {
  let options: FaultOptions | null = null;
  let random: Random = createRandom(0);
  const set = (next: FaultOptions | null): void => {
    if (next !== null) checkFaultOptions(next);
    options = next;
    random = createRandom(next?.seed ?? 0);
  };
  set(initial);
  return {
    set,
    draw() {
      if (options === null || !random.chance(options.rate)) return null;
      return {
        kind: random.pick(options.kinds ?? faultKinds),
        slowMs: options.slowMs ?? 1500,
        retryAfterSeconds: options.retryAfterSeconds ?? 1,
      };
    },
  };
}

function checkFaultOptions(options: FaultOptions): void {
  if (!(options.rate >= 0 && options.rate <= 1)) throw new RangeError("fault rate must be between 0 and 1");
  if (options.kinds !== undefined && options.kinds.length === 0) throw new RangeError("fault kinds is empty");
  const unknown = options.kinds?.find((kind) => !faultKinds.includes(kind));
  if (unknown !== undefined) throw new RangeError(`unknown fault kind ${unknown}`);
}

const json = "application/json; charset=utf-8";

/** Answers with `fault` instead of (or on the way to) the normal `body`, which is of `type`. */
export async function serveFault(
  fault: Fault,
  request: FastifyRequest,
  reply: FastifyReply,
  body: () => Promise<Buffer>,
  type = json,
): Promise<FastifyReply | undefined> {
  switch (fault.kind) {
    case "500":
      return sendError(request, reply, new HttpError(500, "Injected fault: internal server error."));
    case "503":
      return sendError(request, reply, new HttpError(503, "Injected fault: service unavailable."));
    case "429":
      return sendError(
        request,
        reply,
        retryLater(429, "Injected fault: too many requests.", fault.retryAfterSeconds),
      );
    case "slow":
      // Unreferenced, so a slow answer never keeps a closing process alive.
      await sleep(fault.slowMs, undefined, { ref: false });
      return reply.type(type).send(await body());
    case "reset":
      reply.hijack();
      request.raw.socket.destroy();
      return undefined;
    case "truncated":
      reply.hijack();
      sendTruncated(reply, await body(), type);
      return undefined;
  }
}

/** Promises the whole body in content-length, sends half of it, then drops the connection. */
function sendTruncated(reply: FastifyReply, body: Buffer, type: string): void {
  const raw = reply.raw;
  raw.writeHead(200, { "content-type": type, "content-length": body.length });
  raw.write(body.subarray(0, Math.floor(body.length / 2)), () => raw.destroy());
}
