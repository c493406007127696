// Pieces every response of the commerce service shares.
import { z } from "zod";

/** Timestamps travel as both an ISO 8601 string and epoch milliseconds. */
export const timestampSchema = z.object({ iso: z.string(), unix: z.number() });
export type Timestamp = z.infer<typeof timestampSchema>;

export const requestInfoSchema = z.looseObject({ host: z.string(), id: z.string() });

/** The envelope of every successful response: the status is repeated in the body. */
export const envelopeSchema = z.looseObject({
  status: z.number().int(),
  msg: z.string(),
  request: requestInfoSchema,
});

/** Query booleans travel as the strings "true" and "false". */
export const queryBooleanSchema = z.enum(["true", "false"]).transform((value) => value === "true");
