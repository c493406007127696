// The error body. The reference service always sends the full shape; real deployments sometimes send
// only `msg` (400/404) or `msg` + `request.id` (409/500), so everything is optional when reading.
import { z } from "zod";

export const errorDetailSchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  errorDetails: z.unknown().optional(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorEnvelopeSchema = z.looseObject({
  status: z.number().int().optional(),
  msg: z.string().optional(),
  name: z.string().optional(),
  request: z.looseObject({ host: z.string().optional(), id: z.string().optional() }).optional(),
  errors: z.array(errorDetailSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
