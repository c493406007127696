// A fixed delay before every answer, so a benchmark over loopback can stand for a service that is
// tens of milliseconds away: each request then costs the round trip a till on a real link pays.
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";

/** Holds every request `ms` milliseconds before it is handled; 0 adds nothing. */
export function delayAnswers(app: FastifyInstance, ms: number): void {
  if (!(Number.isInteger(ms) && ms >= 0))
    throw new RangeError("latency must be a whole number of ms, 0 or more");
  if (ms === 0) return;
  app.addHook("onRequest", async () => {
    await sleep(ms);
  });
}
