// Who is signed in, where, and until when: what the app remembers about a sign-in outside the secret
// store, and all the renderer may know of it. No token, password or key by construction.
import { z } from "zod";
import { featuresObjectSchema } from "../api/login.ts";

export const accountInfoSchema = z.object({
  id: z.string(),
  legacyId: z.string().nullable(),
  name: z.string().nullable(),
});

const infoBaseSchema = z.object({
  baseUrl: z.string().min(1),
  account: accountInfoSchema,
  subUser: z.object({ id: z.string(), role: z.string().nullable(), username: z.string().nullable() }),
  features: featuresObjectSchema.nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Whether the password or API key is kept, so an ended session can be renewed unattended. */
  remembered: z.boolean(),
  /** Entries of a successful login's `errors`: shown to the person, never treated as failure. */
  warnings: z.array(z.object({ id: z.string(), label: z.string() })),
});

export const sessionInfoSchema = z.discriminatedUnion("method", [
  infoBaseSchema.extend({
    method: z.literal("organisation"),
    organisation: z.string(),
    username: z.string(),
  }),
  infoBaseSchema.extend({ method: z.literal("api-key"), accountId: z.string() }),
]);
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
