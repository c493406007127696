// Every error answer must have the one envelope: status, plain message, request host and id, errors.
import { expect } from "vitest";
import { z } from "zod";
import { errorDetailSchema } from "../../src/shared/api/error.ts";
import type { Reply } from "./service-harness.ts";

const strictErrorEnvelope = z.looseObject({
  status: z.number().int(),
  msg: z.string().min(1),
  request: z.object({ host: z.string().min(1), id: z.uuid() }),
  errors: z.array(errorDetailSchema).min(1),
});

export function expectError(reply: Reply, status: number): z.infer<typeof strictErrorEnvelope> {
  expect(reply.status, reply.text).toBe(status);
  return envelopeOf(reply);
}

/** Any refusal of the caller's request (4xx), never a failure of the service. */
export function expectClientError(reply: Reply): z.infer<typeof strictErrorEnvelope> {
  expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
  expect(reply.status, reply.text).toBeLessThan(500);
  return envelopeOf(reply);
}

function envelopeOf(reply: Reply): z.infer<typeof strictErrorEnvelope> {
  const body = strictErrorEnvelope.parse(reply.json);
  expect(body.status).toBe(reply.status);
  expect(reply.text).not.toMatch(/\bat .+\.ts:\d+/);
  return body;
}
